import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { seriesColour } from '../../components/charts/series';
import { formatMoney } from '../../lib/format';
import { shareOf } from './rules';

export interface Slice {
  label: string;
  amount: number;
}

/**
 * Parts of a whole as a ring (income against expense), in the theme's chart colours, beside a
 * legend that carries the figures: each part's amount and share, so nothing is read off the ring.
 */
export function Donut({ slices, label, centre }: { slices: Slice[]; label: string; centre?: { value: string; caption: string } }) {
  const total = slices.reduce((sum, s) => sum + s.amount, 0);
  const drawn = slices.map((s, i) => ({ ...s, colour: seriesColour(i) }));
  return (
    <figure className="flex flex-col items-center gap-6 sm:flex-row sm:justify-center sm:gap-12">
      <div className="relative aspect-square w-full max-w-[15rem] shrink-0" role="img" aria-label={label}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={total > 0 ? drawn : [{ label: 'Nothing', amount: 1, colour: 'var(--color-subtle)' }]}
              dataKey="amount"
              nameKey="label"
              innerRadius="62%"
              outerRadius="100%"
              paddingAngle={total > 0 && drawn.filter((d) => d.amount > 0).length > 1 ? 2 : 0}
              stroke="none"
              isAnimationActive={false}
            >
              {(total > 0 ? drawn : [{ colour: 'var(--color-subtle)', label: 'Nothing' }]).map((d) => (
                <Cell key={d.label} fill={d.colour} />
              ))}
            </Pie>
            {total > 0 && (
              <Tooltip
                isAnimationActive={false}
                content={({ active, payload }) => {
                  const item = payload?.[0];
                  if (!active || !item) return null;
                  const amount = Number(item.value);
                  return (
                    <div className="rounded-md border border-line bg-surface px-3 py-2 text-xs text-fg shadow-lg">
                      <p className="font-semibold">{String(item.name)}</p>
                      <p className="tabular">
                        {formatMoney(amount)} · {shareOf(amount, total)}%
                      </p>
                    </div>
                  );
                }}
              />
            )}
          </PieChart>
        </ResponsiveContainer>
        {centre && (
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center">
            <span className="text-lg font-semibold tabular">{centre.value}</span>
            <span className="text-xs text-muted">{centre.caption}</span>
          </div>
        )}
      </div>
      <figcaption className="w-full max-w-sm">
        <ul className="space-y-3">
          {drawn.map((s) => (
            <li key={s.label} className="flex items-center gap-3 text-sm">
              <span aria-hidden className="h-3 w-3 shrink-0 rounded-sm" style={{ background: s.colour }} />
              <span className="min-w-0 flex-1 truncate">{s.label}</span>
              <span className="font-medium tabular">{formatMoney(s.amount)}</span>
              <span className="w-12 text-right text-muted tabular">{shareOf(s.amount, total)}%</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
