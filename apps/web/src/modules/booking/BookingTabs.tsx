import { useParams } from 'react-router';
import { tabsOf, type ResolvedNode } from '../../lib/web-module';
import { TabNav } from '../../components/TabNav';

/** The tabs of a tabbed booking page (Clients, Settings), drawn from the menu tree. */
export function BookingTabs({ node }: { node: ResolvedNode }) {
  const params = useParams();
  const tabs = tabsOf(node);
  // A page whose only visible tab is itself (Clients, with its old tab paths hidden) shows no tab bar.
  if (tabs.length <= 1) return null;
  const fill = (path: string) => path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? name);
  return <TabNav label={`${node.parent?.label ?? ''} sections`} tabs={tabs.map((t) => ({ to: fill(t.fullPath), label: t.label }))} />;
}
