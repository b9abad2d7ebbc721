import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import { niceTicks } from '../../lib/format';
import { ChartLegend } from './ChartLegend';
import { ChartTooltip } from './ChartTooltip';
import { oneLine, seriesColour, tickText, type ChartFormat, type ChartKind, type ChartSeries } from './series';

export interface ChartProps<T, X extends keyof T & string> {
  /** How every series is drawn unless the series says otherwise. */
  kind: ChartKind;
  data: T[];
  /** The field along the x axis (a date, a payment mode …). */
  x: X;
  /** How an x value reads on the axis … */
  xFormat?: (value: T[X]) => string;
  /** … and at the top of the tooltip (defaults to xFormat). */
  xTooltip?: (value: T[X]) => string;
  series: ChartSeries<T>[];
  /**
   * Axis titles. The x title is required (on a horizontal chart it titles the value axis); a value
   * axis without a title takes the label of its series when it has just one, so every axis is named.
   * y2Label titles the right axis when a series sits there.
   */
  xLabel: string;
  yLabel?: string;
  y2Label?: string;
  /** Series are amounts in rupees unless they say otherwise. */
  money?: boolean;
  /** Bars (or areas) of the same axis on top of each other, e.g. payment modes making up a day. */
  stacked?: boolean;
  /** Bars run sideways with the x values as rows: for named categories (facilities, sports), whose names need room. */
  horizontal?: boolean;
  /** Plot height in px; horizontal bar charts grow with their rows when unset. */
  height?: number;
  /** What the chart shows, for assistive technology. */
  label: string;
}

const AXIS_TEXT = { fontSize: 11, fill: 'var(--color-muted)' };
const AXIS_TITLE = { fontSize: 11, fill: 'var(--color-muted)', fontWeight: 500, textAnchor: 'middle' } as const;

/** The largest value an axis must reach: the biggest stack when stacked, else the biggest point. */
function axisMax<T>(data: T[], series: ChartSeries<T>[], stacked: boolean): number {
  const value = (row: T, s: ChartSeries<T>) => Number(row[s.key]) || 0;
  return data.reduce((max, row) => {
    const values = series.map((s) => value(row, s));
    return Math.max(max, stacked ? values.reduce((a, b) => a + b, 0) : Math.max(0, ...values));
  }, 0);
}

/** The widest a horizontal chart's row names may be, px. */
const CATEGORY_WIDTH_MAX = 220;

/** A horizontal chart's row name: one line, right-aligned to the axis (Recharts' own tick wraps words). */
function RowName({ x, y, payload, tickFormatter }: YAxisTickContentProps) {
  const value: unknown = payload?.value;
  const text = tickFormatter ? String(tickFormatter(value as never, 0)) : String(value ?? '');
  return (
    <text x={x} y={y} dy="0.355em" textAnchor="end" {...AXIS_TEXT}>
      {text}
    </text>
  );
}

/** A value axis with round ticks (niceTicks) and a width that fits its longest tick. */
function valueScale<T>(data: T[], series: ChartSeries<T>[], format: ChartFormat, stacked: boolean) {
  const ticks = niceTicks(axisMax(data, series, stacked), 5, { integer: format === 'count' });
  const text = tickText(format);
  return {
    ticks,
    tickFormatter: text,
    domain: [0, ticks[ticks.length - 1]] as [number, number],
    width: Math.max(...ticks.map((t) => text(t).length)) * 7 + 12,
  };
}

/**
 * The one chart of the app (Recharts): bars, lines or areas with a legend, axis titles, round
 * ticks in thousands and lakhs, tooltips with full amounts, the theme's colours and no animation.
 */
export function Chart<T, X extends keyof T & string>({
  kind,
  data,
  x,
  xFormat = (v) => String(v),
  xTooltip = xFormat,
  series,
  xLabel,
  yLabel,
  y2Label,
  money = false,
  stacked = false,
  horizontal = false,
  height,
  label,
}: ChartProps<T, X>) {
  const formatOf = (s: ChartSeries<T>): ChartFormat => s.format ?? (money ? 'money' : 'count');
  const left = series.filter((s) => horizontal || s.axis !== 'right');
  const right = horizontal ? [] : series.filter((s) => s.axis === 'right');
  const leftScale = valueScale(data, left, left[0] ? formatOf(left[0]) : 'count', stacked);
  const rightScale = right.length ? valueScale(data, right, formatOf(right[0]), stacked) : null;
  const leftTitle = yLabel ?? (left.length === 1 ? left[0].label : undefined);
  const rightTitle = y2Label ?? (right.length === 1 ? right[0].label : undefined);
  const formats = Object.fromEntries(series.map((s) => [s.key, formatOf(s)]));
  const drawn = series.map((s, i) => ({ ...s, kind: horizontal ? 'bar' : (s.kind ?? kind), colour: s.colour ?? seriesColour(i) }));
  const hasBars = drawn.some((s) => s.kind === 'bar');
  const plotHeight = height ?? (horizontal ? Math.max(160, data.length * 34 + 48) : 260);
  // Wide enough for the longest row name at 11 px, up to a cap; a longer name is cut to one line
  // with an ellipsis (Recharts would wrap it over its neighbours' rows); the tooltip shows it whole.
  const categoryWidth = Math.min(CATEGORY_WIDTH_MAX, Math.max(60, ...data.map((d) => xFormat(d[x]).length * 7 + 24)));
  const fits = Math.floor((categoryWidth - 16) / 6.5);

  const categoryAxis = {
    dataKey: x as string,
    tickFormatter: (v: T[X]) => (horizontal ? oneLine(xFormat(v), fits) : xFormat(v)),
    tick: AXIS_TEXT,
    tickLine: false,
  };
  const valueAxis = {
    ticks: leftScale.ticks,
    domain: leftScale.domain,
    tickFormatter: leftScale.tickFormatter,
    tick: AXIS_TEXT,
    tickLine: false,
    axisLine: false,
  };
  const xTitle = xLabel ? { value: xLabel, position: 'insideBottom' as const, offset: -14, style: AXIS_TITLE } : undefined;

  return (
    <figure className="min-w-0">
      <figcaption className="mb-3">
        <ChartLegend items={drawn.map((s) => ({ label: s.label, colour: s.colour, kind: s.kind }))} />
      </figcaption>
      <div style={{ height: plotHeight }} role="img" aria-label={label}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            layout={horizontal ? 'vertical' : 'horizontal'}
            margin={{ top: 4, right: rightScale ? 4 : 12, bottom: xLabel ? 18 : 0, left: !horizontal && leftTitle ? 14 : 0 }}
          >
            <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" vertical={horizontal} horizontal={!horizontal} />
            {horizontal ? (
              <>
                <XAxis type="number" {...valueAxis} height={xLabel ? 34 : 24} label={xTitle} />
                <YAxis
                  type="category"
                  {...categoryAxis}
                  tick={RowName}
                  width={categoryWidth}
                  axisLine={{ stroke: 'var(--color-line-strong)' }}
                  interval={0}
                />
              </>
            ) : (
              <>
                <XAxis
                  {...categoryAxis}
                  axisLine={{ stroke: 'var(--color-line-strong)' }}
                  interval="preserveStartEnd"
                  minTickGap={14}
                  label={xTitle}
                />
                <YAxis
                  yAxisId="left"
                  {...valueAxis}
                  width={leftScale.width}
                  label={leftTitle ? { value: leftTitle, angle: -90, position: 'insideLeft', offset: -10, style: AXIS_TITLE } : undefined}
                />
                {rightScale && (
                  <YAxis
                    yAxisId="right"
                    orientation="right"
                    ticks={rightScale.ticks}
                    domain={rightScale.domain}
                    tickFormatter={rightScale.tickFormatter}
                    width={rightScale.width + (rightTitle ? 14 : 0)}
                    tick={AXIS_TEXT}
                    tickLine={false}
                    axisLine={false}
                    label={rightTitle ? { value: rightTitle, angle: 90, position: 'insideRight', offset: 0, style: AXIS_TITLE } : undefined}
                  />
                )}
              </>
            )}
            <Tooltip
              isAnimationActive={false}
              cursor={hasBars ? { fill: 'var(--color-subtle)' } : { stroke: 'var(--color-line-strong)' }}
              content={({ active, payload, label: point }) => (
                <ChartTooltip active={active} payload={payload} label={point} formats={formats} title={(v) => xTooltip(v as T[X])} />
              )}
            />
            {drawn.map((s) => {
              const common = {
                dataKey: s.key as string,
                name: s.label,
                ...(!horizontal && { yAxisId: s.axis === 'right' ? 'right' : 'left' }),
                isAnimationActive: false,
                ...(stacked && s.kind !== 'line' && { stackId: s.axis ?? 'left' }),
              };
              if (s.kind === 'line')
                return <Line key={s.key} {...common} type="monotone" stroke={s.colour} strokeWidth={2} dot={false} activeDot={{ r: 4 }} />;
              if (s.kind === 'area')
                return (
                  <Area key={s.key} {...common} type="monotone" stroke={s.colour} strokeWidth={2} fill={s.colour} fillOpacity={0.15} />
                );
              return (
                <Bar
                  key={s.key}
                  {...common}
                  fill={s.colour}
                  maxBarSize={horizontal ? 22 : 44}
                  radius={stacked ? 0 : horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0]}
                />
              );
            })}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
