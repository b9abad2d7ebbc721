import { compactInr, formatCount, formatMoney } from '../../lib/format';

export type ChartKind = 'bar' | 'line' | 'area';
/** money: ₹ amounts (ticks ₹2.5k / ₹1.2L, tooltips ₹2,500.00); count: whole numbers. */
export type ChartFormat = 'money' | 'count';

export interface ChartSeries<T> {
  key: keyof T & string;
  label: string;
  /** Drawn as the chart's kind unless set (e.g. a line of amounts over bars of counts). */
  kind?: ChartKind;
  /** The chart's `money` decides when unset. */
  format?: ChartFormat;
  /** 'right' puts the series on a second axis, for a measure in other units. */
  axis?: 'left' | 'right';
  /** A colour of its own (a theme variable), e.g. the danger colour for refunds; else the next chart colour. */
  colour?: string;
}

/** Series colours come from the theme (index.css --chart-1…5), so they follow the accent and dark mode. */
export const seriesColour = (index: number) => `var(--chart-${(index % 5) + 1})`;

export const tickText = (format: ChartFormat) => (value: number) => (format === 'money' ? compactInr(value) : formatCount(value));
export const fullText = (format: ChartFormat, value: unknown) =>
  format === 'money' ? formatMoney(Number(value)) : formatCount(Number(value));

/** `text` cut to `max` characters, an ellipsis last: a row name on one line. */
export const oneLine = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`);
