import { clsx } from 'clsx';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { changeLineText } from '../lib/change';

/**
 * A dashboard's change line: how a figure moved since `since` (e.g. "Oct 2026"), in words and an
 * arrow; green when the move is good (more income, less expense), red when it is not. Against a
 * positive base it says a percentage ("Up 20% on Oct 2026 (₹1,000.00)"); against nothing or a
 * loss, the amount ("₹3,92,000.00 more than Oct 2026 (-₹62,830.00)") — `changeLineText`.
 */
export function ChangeLine({
  current,
  previous,
  since,
  upIsGood = true,
}: {
  current: string | number;
  previous: string | number;
  since: string;
  upIsGood?: boolean;
}) {
  const { direction, emphasis, rest } = changeLineText(current, previous, since);
  if (direction === 'same') return <span>{rest}</span>;
  const good = (direction === 'up') === upIsGood;
  const Arrow = direction === 'up' ? ArrowUp : ArrowDown;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className={clsx('inline-flex items-center gap-0.5 font-medium', good ? 'text-success' : 'text-danger-text')}>
        <Arrow size={12} aria-hidden />
        {emphasis}
      </span>
      <span>{rest}</span>
    </span>
  );
}
