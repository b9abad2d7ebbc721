import { filterMenu } from '@arena/contracts/kit';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { useCatalogue } from '../../lib/catalogue';
import type { ResolvedNode } from '../../lib/web-module';
import { usePermissions } from '../../state/permissions';

interface Page {
  label: string;
  path: string;
  depth: number;
  built: boolean;
}

/**
 * Every page under an entry, tabs included: a tabbed page is listed by its menu label with its
 * other tabs under it. Detail pages (":id") need a record and are left out.
 */
function pagesOf(node: ResolvedNode, isBuilt: (n: ResolvedNode) => boolean, depth = 0): Page[] {
  if (node.fullPath.includes(':')) return [];
  const home = node.children.find((c) => c.fullPath === node.fullPath);
  const own = node.group && !home ? [] : [{ label: node.label, path: node.fullPath, depth, built: isBuilt(home ?? node) }];
  const inner = own.length ? depth + 1 : depth;
  return [...own, ...node.children.filter((c) => c !== home).flatMap((c) => pagesOf(c, isBuilt, inner))];
}

function PageLinks({ pages }: { pages: Page[] }) {
  return (
    <ul className="space-y-1">
      {pages.map((p) => (
        <li key={p.path} style={{ paddingLeft: `${p.depth * 0.875}rem` }} className="flex items-center gap-2">
          <Link to={p.path} className="text-sm text-accent-text hover:underline">
            {p.label}
          </Link>
          {!p.built && <Badge>Coming later</Badge>}
        </li>
      ))}
    </ul>
  );
}

/** Site Map (/sitemap): every screen the user may open, from the menu of their modules, as links. */
export default function SitemapPage() {
  const { menu, isBuilt } = useCatalogue();
  const allowed = usePermissions((s) => s.allowedModules);
  const sections = useMemo(
    () =>
      filterMenu(menu, allowed)
        .filter((n) => !n.hidden)
        .map((top) => ({
          top,
          pages: top.children.length ? top.children.flatMap((c) => pagesOf(c, isBuilt)) : pagesOf(top, isBuilt),
        }))
        .filter((s) => s.pages.length > 0),
    [menu, allowed, isBuilt],
  );
  const single = sections.filter((s) => s.pages.length === 1);
  const groups = sections.filter((s) => s.pages.length > 1);
  const help = filterMenu(menu, allowed).filter((n) => n.hidden && !n.fullPath.includes('*'));

  return (
    <div>
      <PageHeader
        title="Site Map"
        description="Every screen you can open, by the menu of the modules enabled for you. Screens marked “Coming later” belong to modules that are still being built."
      />
      <div className="columns-1 gap-5 md:columns-2 xl:columns-3 [&>*]:mb-5 [&>*]:break-inside-avoid">
        <Card className="p-5">
          <h2 className="mb-3 text-sm font-semibold">General</h2>
          <PageLinks
            pages={[
              ...single.flatMap((s) => s.pages),
              ...help.map((n) => ({ label: n.label, path: n.fullPath, depth: 0, built: isBuilt(n) })),
            ]}
          />
        </Card>
        {groups.map(({ top, pages }) => (
          <Card key={top.fullPath} className="p-5">
            <h2 className="mb-3 text-sm font-semibold">{top.label}</h2>
            <PageLinks pages={pages} />
          </Card>
        ))}
      </div>
    </div>
  );
}
