import type { TooltipContentProps } from 'recharts';
import { fullText, type ChartFormat } from './series';

/** The hovered point: its x value and every series' full amount (₹2,500.00, never ₹2.5k). */
export function ChartTooltip({
  active,
  payload,
  label,
  title,
  formats,
}: Pick<TooltipContentProps<number, string>, 'active' | 'payload' | 'label'> & {
  title: (label: unknown) => string;
  formats: Record<string, ChartFormat>;
}) {
  if (!active || !payload?.length) return null;
  return (
    <div className="min-w-40 rounded-md border border-line bg-surface px-3 py-2 text-xs text-fg shadow-lg">
      <p className="mb-1.5 font-semibold">{title(label)}</p>
      <ul className="space-y-1">
        {payload.map((item) => (
          <li key={String(item.dataKey)} className="flex items-center gap-2">
            <span aria-hidden className="h-2 w-2 shrink-0 rounded-sm" style={{ background: item.color ?? item.stroke ?? item.fill }} />
            <span className="text-muted">{item.name}</span>
            <span className="ml-auto pl-3 font-medium tabular">{fullText(formats[String(item.dataKey)] ?? 'count', item.value)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
