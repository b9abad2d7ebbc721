import { hasModule } from '@arena/contracts/kit';
import { clsx } from 'clsx';
import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { useCatalogue } from '../../lib/catalogue';
import { capitalise } from '../../lib/format';
import { useCentres } from '../../lib/lookups';
import type { DashboardTile } from '../../lib/web-module';
import { useAuth } from '../../state/auth';
import { usePermissions } from '../../state/permissions';
import { useSidebar } from '../../state/sidebar';

function Tile({ tile, centre }: { tile: DashboardTile; centre: string }) {
  const Body = tile.component;
  const heading = `tile-${tile.id}`;
  return (
    <Card role="region" aria-labelledby={heading} className={clsx('flex min-w-0 flex-col p-4', tile.span === 2 && 'sm:col-span-2')}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={heading} className="text-sm font-semibold text-fg">
          {tile.title}
        </h2>
        <Link
          to={tile.to}
          className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-accent-text hover:underline"
          aria-label={`${tile.linkLabel} (${tile.title})`}
        >
          {tile.linkLabel} <ArrowRight size={12} aria-hidden />
        </Link>
      </div>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<Skeleton className="h-16" />}>
          <Body centre={centre} />
        </Suspense>
      </div>
    </Card>
  );
}

/**
 * The main dashboard (/): the tiles each module's manifest contributes, for the modules the user
 * may use, filtered by the centre chosen in the sidebar.
 */
export default function DashboardPage() {
  const { tiles } = useCatalogue();
  const allowed = usePermissions((s) => s.allowedModules);
  const centre = useSidebar((s) => s.selectedCentre);
  const firstName = useAuth((s) => s.user?.first_name);
  const orgName = useAuth((s) => s.organisation?.display_name);
  const centres = useCentres();
  const centreName = centre ? centres.data?.find((c) => String(c.id) === centre)?.name : null;
  const mine = tiles.filter((t) => hasModule(allowed, t.module));

  return (
    <div>
      <PageHeader
        title="Dashboard"
        description={
          <>
            Welcome{firstName ? `, ${capitalise(firstName)}` : ''}. {orgName ?? 'Your organization'} at a glance —{' '}
            {centre ? (centreName ?? 'the selected center') : 'all centers'}.
          </>
        }
      />
      {mine.length === 0 ? (
        <Card>
          <EmptyState
            icon={LayoutDashboard}
            title="Nothing to show here yet"
            action={
              <Link to="/sitemap" className={buttonClass('secondary', 'sm')}>
                See every screen you can open
              </Link>
            }
          >
            Figures and charts appear here as the modules you use are released. Meanwhile, manage your centers and profile from the menu.
          </EmptyState>
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {mine.map((tile) => (
            <Tile key={tile.id} tile={tile} centre={centre} />
          ))}
        </div>
      )}
    </div>
  );
}
