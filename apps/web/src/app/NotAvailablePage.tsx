import { Construction } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../components/Button';
import { Card } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { TabNav } from '../components/TabNav';
import { fillParams, tabsOf, type ResolvedNode } from '../lib/web-module';

/** The nearest note up the tree: what this screen, or else its module, will hold. */
function noteOf(node: ResolvedNode): string | undefined {
  for (let n: ResolvedNode | null = node; n; n = n.parent) if (n.note) return n.note;
  return undefined;
}

const moduleName = (node: ResolvedNode) =>
  typeof node.module === 'string' ? node.module : Array.isArray(node.module) ? node.module.join(' / ') : null;

/** A screen whose module is not built yet: its title, its tabs, and a calm page naming what will be there. */
export function NotAvailablePage({ node }: { node: ResolvedNode }) {
  const params = useParams();
  const tabs = tabsOf(node);
  const group = tabs.length > 0 ? node.parent : null;
  const title = group ? group.label : node.label;
  const subject = group ? `${group.label} › ${node.label}` : node.label;
  const module = moduleName(node);
  const note = noteOf(node);
  return (
    <div>
      <PageHeader title={title} />
      {tabs.length > 0 && (
        <TabNav label={`${title} sections`} tabs={tabs.map((tab) => ({ to: fillParams(tab.fullPath, params), label: tab.label }))} />
      )}
      <Card>
        <EmptyState
          icon={Construction}
          title="This screen is not available yet"
          action={
            <Link to="/sitemap" className={buttonClass('secondary', 'sm')}>
              See what you can use today
            </Link>
          }
        >
          <p>
            {subject} {module ? `is part of ${module}, which is` : 'is'} still being built, and will appear here once it is released.
          </p>
          {note && <p className="mt-2 text-fg">{note}</p>}
        </EmptyState>
      </Card>
    </div>
  );
}
