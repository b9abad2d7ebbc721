import { Construction } from 'lucide-react';
import { useParams } from 'react-router';
import { Card } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { TabNav } from '../components/TabNav';
import { tabsOf, type ResolvedNode } from './menu';

/** Fill ":param" segments of a tab's path from the current URL. */
function fill(path: string, params: Record<string, string | undefined>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? name);
}

/** The title of a screen whose module has not been built yet, and an honest empty state. */
export function NotAvailablePage({ node }: { node: ResolvedNode }) {
  const params = useParams();
  const tabs = tabsOf(node);
  const group = tabs.length > 0 ? node.parent : null;
  const title = group ? group.label : node.label;
  const subject = group ? `${group.label} › ${node.label}` : node.label;
  const moduleName = typeof node.module === 'string' ? node.module : Array.isArray(node.module) ? node.module.join(' / ') : null;
  return (
    <div>
      <PageHeader title={title} description={node.note} />
      {tabs.length > 0 && (
        <TabNav label={`${title} sections`} tabs={tabs.map((tab) => ({ to: fill(tab.fullPath, params), label: tab.label }))} />
      )}
      <Card>
        <EmptyState icon={Construction} title="This screen is not available yet">
          {subject} {moduleName ? `belongs to ${moduleName}, which is` : 'is'} still being built. It will appear here once it is released.
        </EmptyState>
      </Card>
    </div>
  );
}
