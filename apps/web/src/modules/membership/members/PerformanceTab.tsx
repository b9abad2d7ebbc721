import { format, parseISO } from 'date-fns';
import { Activity, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Chart } from '../../../components/charts/Chart';
import { EmptyState } from '../../../components/EmptyState';
import { Skeleton } from '../../../components/Skeleton';
import { errorMessage } from '../../../lib/errors';
import { formatCount, formatDate } from '../../../lib/format';
import { useMemberPerformance, type Member } from './api';
import { MeasurementDialog } from './MeasurementDialog';
import { performanceSeries, type ItemSeries } from './performance';

/** Performance: a progress chart per measured item (weight, body fat, a 5 km run …), and Add measurement. */
export function PerformanceTab({ member }: { member: Member }) {
  const rows = useMemberPerformance(member.id);
  const series = useMemo(() => performanceSeries(rows.data ?? []), [rows.data]);
  const [adding, setAdding] = useState<{ item?: number } | null>(null);
  const add = (
    <Button onClick={() => setAdding({})}>
      <Plus size={16} aria-hidden /> Add measurement
    </Button>
  );

  let body;
  if (rows.isPending)
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-72 rounded-lg" />
        <Skeleton className="h-72 rounded-lg" />
      </div>
    );
  else if (rows.isError) body = <Alert tone="error">{errorMessage(rows.error)}</Alert>;
  else if (series.length === 0)
    body = (
      <Card>
        <EmptyState icon={Activity} title="No measurements yet" action={add}>
          Record {member.first_name}'s weight, body fat, lifts or run times; each item gets a chart of progress over time.
        </EmptyState>
      </Card>
    );
  else
    body = (
      <>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted">
            {rows.data.length} {rows.data.length === 1 ? 'measurement' : 'measurements'} of {series.length}{' '}
            {series.length === 1 ? 'item' : 'items'}.
          </p>
          {add}
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          {series.map((s) => (
            <ItemChart key={s.item} series={s} onAdd={() => setAdding({ item: s.item })} />
          ))}
        </div>
      </>
    );

  return (
    <div className="space-y-4">
      {body}
      {adding && <MeasurementDialog member={member.id} item={adding.item} open onOpenChange={(o) => !o && setAdding(null)} />}
    </div>
  );
}

const shortDate = (iso: string) => format(parseISO(iso), 'd MMM');

function ItemChart({ series: s, onAdd }: { series: ItemSeries; onAdd: () => void }) {
  const unit = s.unit === '%' ? '%' : ` ${s.unit}`;
  const first = s.points[0];
  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-3 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">
            {s.name} <span className="font-normal text-muted">({s.unit})</span>
          </h3>
          <p className="text-xs text-muted">{s.category}</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-semibold tabular">
            {formatCount(s.latest)}
            {unit}
          </p>
          {s.points.length > 1 && (
            <p className="text-xs text-muted tabular">
              {s.change > 0 ? '+' : s.change < 0 ? '−' : '±'}
              {formatCount(Math.abs(s.change))}
              {unit} since {formatDate(first.date)}
            </p>
          )}
        </div>
      </div>
      {s.points.length > 1 ? (
        <Chart
          kind="line"
          data={s.points}
          x="date"
          xFormat={shortDate}
          xTooltip={(d) => formatDate(d)}
          series={[{ key: 'value', label: `${s.name} (${s.unit})`, format: 'count' }]}
          height={200}
          xLabel="Date"
          yLabel={s.unit}
          label={`${s.name} over time, from ${formatDate(first.date)} to ${formatDate(s.points[s.points.length - 1].date)}`}
        />
      ) : (
        <p className="rounded-md bg-subtle px-3 py-6 text-center text-sm text-muted">
          One measurement so far ({formatDate(first.date)}). The chart appears with the second.
        </p>
      )}
      <div className="mt-2 flex justify-end">
        <Button size="sm" variant="ghost" onClick={onAdd} aria-label={`Add ${s.name} measurement`}>
          <Plus size={15} aria-hidden /> Add
        </Button>
      </div>
    </Card>
  );
}
