/**
 * Reports: `reportRoutes(app, kit)(path, definition)` declares `GET path` for a report, as
 * `listRoute` does for a list. Every report of every module shares:
 *
 * - one date window (`reportWindow`): `date_after`/`date_before`, or `from`/`to` as aliases; a
 *   default window when none is given (this month, or the last N days); a maximum span; an end
 *   before the start or a span over the maximum is a 400 on the end's field, before any query runs;
 * - `centre` (one centre, or all);
 * - `format=csv|xlsx`: the report's rows as a file whose title row names the window and centre
 *   ("Date: 01 Nov 2026 – 30 Nov 2026 · Center: All Centers"), with more sheets in the XLSX file
 *   when the report has them.
 *
 * A report is a definition (`ReportDefinition`): its extra query parameters, its response schema,
 * `run` (the JSON answer, computed in SQL inside the request's tenant transaction) and `file` (the
 * export's columns and rows from that answer). Report SQL lives in `<module>/reports/*.ts`.
 */
import { DATE_MAX, DATE_MIN, z, type EndpointSpec, type ModuleName } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Tx } from './db/client.js';
import { fieldError } from './errors.js';
import { sendExport, sendWorkbook, sheet, type ExportColumn, type ExportFormat, type SheetSpec } from './export.js';
import { inTenant, type Ctx } from './request-context.js';
import { configOf } from './route.js';

/** A report's contract (`reportEndpoint(path, response, {query, window})` in the module's contracts). */
export type ReportEndpoint = EndpointSpec & { method: 'GET'; report: true; query: z.ZodType; response: z.ZodType };
import { addDays, daysBetween, displayDate, monthOf } from './time.js';

/** A report's date window, both ends included (`yyyy-MM-dd`). */
export interface ReportWindow {
  from: string;
  to: string;
}

/** How a report picks its window. */
export interface WindowRule {
  /** With no dates asked for: `'month'` = the current month; a number N = the last N days to today. */
  default: 'month' | number;
  /** The longest window, in days, both ends counted. */
  maxDays: number;
}

/** The longest window a report may cover: 5 years with their leap days. */
export const REPORT_MAX_DAYS = 5 * 365 + 2;

/** The rule of the month-based reports (membership, income/expenses, accounts). */
export const MONTH_WINDOW: WindowRule = { default: 'month', maxDays: REPORT_MAX_DAYS };
/** The rule of the day-based reports (booking): the last 30 days by default. */
export const LAST_30_DAYS: WindowRule = { default: 30, maxDays: REPORT_MAX_DAYS };

export type ReportQuery = { date_after?: string; date_before?: string; from?: string; to?: string; centre?: number; format?: ExportFormat };

const spanText = (days: number) => (days >= REPORT_MAX_DAYS ? `${Math.floor(days / 365)} years` : `${days} days`);

/**
 * The window of a report: the dates asked for (`date_after`/`date_before`, or `from`/`to`), else
 * the rule's default.
 * - Only a start: to today, or, for a start after today, to the end of a default-sized window
 *   from it (that month's end, or N days); never longer than the maximum.
 * - Only an end: from the first day of its month, or N − 1 days before it.
 * An end before the start, or more days than the rule's maximum, is a 400 on the end's field.
 */
export function reportWindow(q: ReportQuery, ctx: Pick<Ctx, 'now'>, rule: WindowRule): ReportWindow {
  if (q.date_after && q.from && q.date_after !== q.from) throw fieldError('from', 'Give the start date once: date_after or from.');
  if (q.date_before && q.to && q.date_before !== q.to) throw fieldError('to', 'Give the end date once: date_before or to.');
  const endField = q.to && !q.date_before ? 'to' : 'date_before';
  const start = q.date_after ?? q.from;
  const end = q.date_before ?? q.to;
  const today = ctx.now.today;
  const sized = (first: string) => (rule.default === 'month' ? monthOf(first).to : addDays(first, rule.default - 1));
  let from: string;
  let to: string;
  if (start && end) [from, to] = [start, end];
  else if (start) [from, to] = [start, start <= today ? min(today, addDays(start, rule.maxDays - 1)) : sized(start)];
  else if (end) [from, to] = [rule.default === 'month' ? monthOf(end).from : addDays(end, 1 - rule.default), end];
  else [from, to] = rule.default === 'month' ? [monthOf(today).from, monthOf(today).to] : [addDays(today, 1 - rule.default), today];
  from = max(from, DATE_MIN);
  to = min(to, DATE_MAX);
  if (to < from) throw fieldError(endField, 'The end date must be on or after the start date.');
  if (daysBetween(from, to) + 1 > rule.maxDays)
    throw fieldError(
      endField,
      rule.maxDays < 365
        ? `The range can be at most ${rule.maxDays} days.`
        : `A report covers at most ${spanText(rule.maxDays)}. Choose a shorter date range.`,
    );
  return { from, to };
}
const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

/** ` and <column> = centre` when a centre is asked for (a report's SQL). */
export const centreFilter = (centre: number | undefined, column: SQL) => (centre ? sql` and ${column} = ${centre}` : sql``);

/** What a report's export covers: "Date: 01 Nov 2026 – 30 Nov 2026", "Center: Main Centre". */
export async function describeWindow(
  tx: Tx,
  ctx: Ctx,
  window: ReportWindow,
  centre: number | undefined,
  centreName: CentreName,
): Promise<string[]> {
  return [
    `Date: ${displayDate(window.from)} – ${displayDate(window.to)}`,
    `Center: ${centre ? await centreName(centre, tx, ctx) : 'All Centers'}`,
  ];
}

/** A centre's name for an export's title (the module passes the administrator's `showName(centre)`). */
export type CentreName = (id: number, tx: Tx, ctx: Ctx) => Promise<string>;

/** What a report hands to `run` and `file`. */
export interface ReportArgs<Q> {
  tx: Tx;
  ctx: Ctx;
  /** The parsed query (the shared parameters and the report's own). */
  q: Q;
  /** The window (absent for a report declared with `window: null`). */
  window: ReportWindow;
  request: FastifyRequest;
}

/** A report as a file: one sheet (the CSV), more sheets in the XLSX file. */
export interface ReportFile<T> {
  filename: string;
  title: string;
  columns: ExportColumn<T>[];
  rows: T[];
  /** Further sheets of the XLSX file (a CSV holds the first sheet only). */
  sheets?: SheetSpec<unknown>[];
  /** The XLSX file's sheets instead of this one and `sheets` (the GST summary: one per GSTR-1 table). */
  workbook?: SheetSpec<unknown>[];
  /** The title row's description when it is not the window and centre (a report of one month). */
  filters?: string[];
  /** Extra lines after the window and centre ("Type: Income"). */
  moreFilters?: string[];
}

export interface ReportDefinition<Q, R, T = never> {
  summary: string;
  description?: string;
  /** How the window is picked; `null` for a report without one (it takes its own dates). Default MONTH_WINDOW. */
  window?: WindowRule | null;
  run: (args: ReportArgs<Q>) => Promise<R>;
  file: (args: ReportArgs<Q> & { report: R }) => ReportFile<T> | Promise<ReportFile<T>>;
}

export interface ReportKit {
  module: ModuleName;
  tags: string[];
  centreName: CentreName;
}

const FILE_NOTE = 'Add `format=csv` or `format=xlsx` for the report as a file.';
const windowNote = (rule: WindowRule) =>
  `Dates: \`date_after\` and \`date_before\` (or \`from\` and \`to\`); by default ${
    rule.default === 'month' ? 'the current month' : `the last ${rule.default} days`
  }; at most ${spanText(rule.maxDays)}. \`centre\` for one centre.`;

/**
 * The report routes of a module: `const report = reportRoutes(app, kit); report(path, definition)`.
 * Each is `GET path` with the shared query, guarded by the module, answering the definition's JSON
 * or, with `format`, its file.
 */
export function reportRoutes(app: FastifyInstance, kit: ReportKit) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each definition's rows have their own type
  return <Q = ReportQuery & Record<string, any>, R = unknown, T = any>(endpoint: ReportEndpoint, def: ReportDefinition<Q, R, T>): void => {
    const rule = def.window === undefined ? MONTH_WINDOW : def.window;
    if (!rule !== !('date_after' in (endpoint.query as z.ZodObject).shape))
      throw new Error(`${endpoint.path}: the contract's window (reportEndpoint's \`window\`) and the definition's must agree`);
    app.get(endpoint.path, {
      config: configOf(endpoint, kit.module, undefined),
      schema: {
        tags: kit.tags,
        summary: def.summary,
        description: [def.description, rule ? windowNote(rule) : '', FILE_NOTE].filter(Boolean).join(' '),
        querystring: endpoint.query,
        response: { 200: endpoint.response },
      } as FastifySchema,
      handler: async (request, reply) => {
        const q = request.query as Q & ReportQuery;
        return inTenant<unknown>(
          request,
          async (tx, ctx) => {
            const window = rule ? reportWindow(q, ctx, rule) : { from: '', to: '' };
            const args: ReportArgs<Q> = { tx, ctx, q, window, request };
            const report = await def.run(args);
            if (!q.format) return report;
            const file = await def.file({ ...args, report });
            const filters = file.filters ?? [
              ...(rule ? await describeWindow(tx, ctx, window, q.centre, kit.centreName) : []),
              ...(file.moreFilters ?? []),
            ];
            return sendReportFile(reply, ctx, q.format, { ...file, filters });
          },
          { customPlans: true },
        );
      },
    });
  };
}

/** A report's rows (already computed, e.g. with a total row) as a file, with the same writers as the lists. */
export function sendReportFile<T>(
  reply: FastifyReply,
  ctx: Ctx,
  format: ExportFormat,
  file: ReportFile<T> & { filters: string[] },
): Promise<FastifyReply> {
  if (format === 'xlsx' && (file.sheets?.length || file.workbook))
    return sendWorkbook(reply, {
      filename: file.filename,
      filters: file.filters,
      timeZone: ctx.timeZone,
      today: ctx.now.today,
      sheets: file.workbook ?? [sheet({ title: file.title, columns: file.columns, rows: file.rows }), ...(file.sheets ?? [])],
    });
  async function* once(): AsyncGenerator<T[]> {
    yield file.rows;
  }
  return sendExport(reply, format, {
    filename: file.filename,
    title: file.title,
    filters: file.filters,
    columns: file.columns,
    timeZone: ctx.timeZone,
    today: ctx.now.today,
    batches: once(),
  });
}
