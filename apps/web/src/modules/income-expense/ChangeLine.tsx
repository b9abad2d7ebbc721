import { clsx } from 'clsx';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { formatMoney } from '../../lib/format';
import { changeAgainst, monthLabel } from './rules';

/**
 * How a figure moved since last month, in words and an arrow; green when the move is good
 * (more income, less expense), red when it is not.
 */
export function ChangeLine({
  current,
  previous,
  month,
  upIsGood = true,
}: {
  current: string;
  previous: string;
  month: string;
  upIsGood?: boolean;
}) {
  const change = changeAgainst(current, previous);
  const since = monthLabel(month);
  if (change.direction === 'same') return <span>Same as {since}</span>;
  if (change.percent === null) return <span>Nothing in {since}</span>;
  const good = (change.direction === 'up') === upIsGood;
  const Arrow = change.direction === 'up' ? ArrowUp : ArrowDown;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className={clsx('inline-flex items-center gap-0.5 font-medium', good ? 'text-success' : 'text-danger-text')}>
        <Arrow size={12} aria-hidden />
        {change.direction === 'up' ? 'Up' : 'Down'} {change.percent}%
      </span>
      <span>
        on {since} ({formatMoney(previous)})
      </span>
    </span>
  );
}
