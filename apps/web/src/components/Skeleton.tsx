import { clsx } from 'clsx';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse rounded bg-subtle', className)} />;
}

/** A dashboard while it loads: four stat cards and a chart, in the stat cards' grid. */
export function DashboardSkeleton() {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="mt-4 h-80" />
    </>
  );
}
