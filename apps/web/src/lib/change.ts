import { formatMoney } from './format';

/** How a figure moved against the one before (this month against last month on the dashboards). */
export interface Change {
  direction: 'up' | 'down' | 'same';
  /**
   * Whole percent of the change against a positive base; null when the base is zero or negative:
   * a percentage of nothing is undefined, and one of a loss misleads ("Up 525 %" when a net of
   * −₹62,830 became +₹3,29,170), so those changes are said as an amount.
   */
  percent: number | null;
  /** The size of the change in rupees, never negative ("392000.00"). */
  amount: string;
}

/** How `current` moved against `previous` (amounts as the API sends them, "1500.00"). */
export function changeAgainst(current: string | number, previous: string | number): Change {
  const now = Math.round(Number(current) * 100);
  const before = Math.round(Number(previous) * 100);
  const direction = now > before ? 'up' : now < before ? 'down' : 'same';
  const amount = (Math.abs(now - before) / 100).toFixed(2);
  if (before <= 0) return { direction, percent: null, amount };
  return { direction, percent: Math.round((Math.abs(now - before) / before) * 100), amount };
}

/**
 * The words of a dashboard's change line, against `since` (e.g. "Oct 2026"): `emphasis` is the
 * part drawn with the arrow and coloured, `rest` follows it.
 * - a positive base: "Up 20%" "on Oct 2026 (₹1,000.00)";
 * - a zero base: "₹500.00 more" "than Oct 2026";
 * - a negative base: "₹3,92,000.00 more" "than Oct 2026 (-₹62,830.00)";
 * - no change: "" "Same as Oct 2026".
 */
export function changeLineText(
  current: string | number,
  previous: string | number,
  since: string,
): { direction: Change['direction']; emphasis: string; rest: string } {
  const change = changeAgainst(current, previous);
  const { direction } = change;
  if (direction === 'same') return { direction, emphasis: '', rest: `Same as ${since}` };
  if (change.percent !== null)
    return {
      direction,
      emphasis: `${direction === 'up' ? 'Up' : 'Down'} ${change.percent}%`,
      rest: `on ${since} (${formatMoney(previous)})`,
    };
  const base = Number(previous) < 0 ? ` (${formatMoney(previous)})` : '';
  return { direction, emphasis: `${formatMoney(change.amount)} ${direction === 'up' ? 'more' : 'less'}`, rest: `than ${since}${base}` };
}
