import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Card } from './Card';

/** One headline number (a KPI) with its label and an optional line under it. */
export function StatCard({ label, value, sub, className }: { label: string; value: ReactNode; sub?: ReactNode; className?: string }) {
  return (
    <Card className={clsx('min-w-0 p-3 sm:p-4', className)}>
      <p className="text-[11px] font-medium uppercase tracking-wide text-muted sm:text-xs">{label}</p>
      <p className="mt-1.5 truncate text-lg font-semibold tabular sm:text-2xl">{value}</p>
      {sub && <p className="mt-0.5 text-xs text-muted">{sub}</p>}
    </Card>
  );
}
