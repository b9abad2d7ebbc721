import { useParams } from 'react-router';
import { fillParams, tabsOf, type ResolvedNode } from '../lib/web-module';
import { TabNav } from './TabNav';

/**
 * The tabs of a tabbed page (a menu entry made with `tabs(…)`: Staff Category › Categories /
 * Create Category, Membership › Dashboard / Add Member, Booking › Settings), drawn from the menu
 * tree; nothing when the page is its only visible tab (booking's Clients, its old tab paths hidden).
 */
export function MenuTabs({ node }: { node: ResolvedNode }) {
  const params = useParams();
  const tabs = tabsOf(node);
  if (tabs.length <= 1) return null;
  return (
    <TabNav
      label={`${node.parent?.label ?? ''} sections`}
      tabs={tabs.map((t) => ({ to: fillParams(t.fullPath, params), label: t.label }))}
    />
  );
}
