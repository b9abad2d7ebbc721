import type { ChartKind } from './series';

/** The series names with their colour: a square for bars and areas, a stroke for lines. */
export function ChartLegend({ items }: { items: { label: string; colour: string; kind: ChartKind }[] }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span
            aria-hidden
            className={item.kind === 'line' ? 'h-0.5 w-3.5 rounded-full' : 'h-2.5 w-2.5 rounded-sm'}
            style={{ background: item.colour }}
          />
          <span className="text-fg">{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
