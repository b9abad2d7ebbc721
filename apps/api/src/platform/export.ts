import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { EXPORT_FORMATS, zoneClockParts, type ExportFormat } from '@arena/contracts';
import { z } from 'zod';

/**
 * `?format=csv|xlsx` on a list or report: every matching row, streamed batch by batch so memory
 * does not grow with the rows. The route pages through the database inside its transaction and
 * hands the batches here; the columns are the screen's columns with their raw values.
 */

export { EXPORT_FORMATS, type ExportFormat };
/** Max rows one export may contain; the caller counts first and refuses more with a 400. */
export const EXPORT_MAX_ROWS = 100_000;
/** Merge into a list's querystring schema. */
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).optional() });

export type ExportCellType = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'time' | 'boolean';

export interface ExportColumn<T> {
  /** Same header text as the screen's column. */
  header: string;
  /** The raw value: money as "1500.00" or a number, date as yyyy-MM-dd, datetime as ISO string or Date, time as HH:mm[:ss]. */
  value: (row: T) => unknown;
  /** Default 'text'. */
  type?: ExportCellType;
  /** Fixed width in characters; otherwise fitted to the header and the first batch. */
  width?: number;
  /** Summed in the export's "Total" row (a money column of movements or dues, not of prices). */
  total?: boolean;
}

export interface ExportSpec<T> {
  /** Base file name, e.g. 'bookings' → `bookings-2026-11-23.xlsx` (the date is `today`). */
  filename: string;
  /** Human title of the list, e.g. 'Bookings'. */
  title: string;
  /** Human descriptions of the active filters, e.g. ['Date: 01 Nov 2026 – 23 Nov 2026', 'Center: Main Centre']. */
  filters: string[];
  columns: ExportColumn<T>[];
  /** The organisation's time zone (IANA), used for datetime cells. */
  timeZone: string;
  /** Today in the organisation's zone, yyyy-MM-dd. */
  today: string;
  /** Rows in batches (the caller pages through the database inside its transaction). */
  batches: AsyncIterable<T[]>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATE_FORMAT = 'dd mmm yyyy';
const DATETIME_FORMAT = 'dd mmm yyyy hh:mm';
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const EXCEL_MAX_CELL_TEXT = 32_767;
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/**
 * Amounts in Indian grouping (1,50,000.00; 1,23,45,678.00), one format for every amount of a
 * column, edited ones too: Excel's `,` groups by threes whatever the pattern says, so lakh and
 * crore grouping is spelled with literal commas in sections chosen by the amount's size.
 */
export const MONEY_FORMAT = '[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00';

/** One value, ready for either file: `csv` is the CSV text, `shown` what a spreadsheet displays (for widths). */
interface Cell {
  xlsx: string | number | Date | null;
  csv: string;
  shown: string;
  numFmt?: string;
}
const EMPTY: Cell = { xlsx: null, csv: '', shown: '' };

/** A spreadsheet app runs a CSV field starting with these as a formula. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * A formula character after a character some locale splits fields on (`Semi;=1+1` is two cells,
 * the second a formula, where `;` is the separator): such a cell is guarded as one that starts
 * with a formula, and always quoted, so it stays one cell whatever the reader splits on.
 */
export const FORMULA_AFTER_SEPARATOR = /[,;\t|][\s]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
function textCell(value: string): Cell {
  const guarded = FORMULA_START.test(value) || FORMULA_AFTER_SEPARATOR.test(value);
  return { xlsx: value.slice(0, EXCEL_MAX_CELL_TEXT), csv: guarded ? `'${value}` : value, shown: value };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `wall` holds wall-clock parts in its UTC fields, which is what Excel shows. */
const showDate = (wall: Date) => `${pad(wall.getUTCDate())} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
const showDateTime = (wall: Date) => `${showDate(wall)} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;

function toDate(raw: unknown): Date | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const d = new Date(raw);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The instant's wall clock in `timeZone`, as a Date whose UTC fields are those parts. */
function wallClock(instant: Date, timeZone: string): Date {
  const p = zoneClockParts(instant, timeZone);
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second));
}

function toCell(type: ExportCellType, raw: unknown, timeZone: string): Cell {
  if (raw === null || raw === undefined || raw === '') return EMPTY;
  switch (type) {
    case 'money':
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(raw);
      if (typeof raw === 'boolean' || !Number.isFinite(n)) break;
      if (type === 'number') return { xlsx: n, csv: String(n), shown: n.toLocaleString('en-IN') };
      const amount = Math.round(n * 100) / 100;
      return { xlsx: amount, csv: amount.toFixed(2), shown: inr.format(amount), numFmt: MONEY_FORMAT };
    }
    case 'date': {
      const ymd = typeof raw === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) : null;
      // A Date for a calendar date is midnight UTC (how drivers hand back `date` columns).
      const d = ymd ? new Date(Date.UTC(+ymd[1], +ymd[2] - 1, +ymd[3])) : raw instanceof Date ? toDate(raw) : null;
      if (!d || Number.isNaN(d.getTime())) break;
      const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
      return { xlsx: day, csv: showDate(day), shown: showDate(day), numFmt: DATE_FORMAT };
    }
    case 'datetime': {
      const instant = toDate(raw);
      if (!instant) break;
      const wall = wallClock(instant, timeZone);
      return { xlsx: wall, csv: showDateTime(wall), shown: showDateTime(wall), numFmt: DATETIME_FORMAT };
    }
    case 'time': {
      const hm = typeof raw === 'string' ? /^\d{2}:\d{2}/.exec(raw) : null;
      if (hm) return { xlsx: hm[0], csv: hm[0], shown: hm[0] };
      break;
    }
    case 'boolean':
      if (typeof raw === 'boolean') {
        const yn = raw ? 'Yes' : 'No';
        return { xlsx: yn, csv: yn, shown: yn };
      }
      break;
    case 'text':
      break;
  }
  return textCell(raw instanceof Date ? raw.toISOString() : String(raw));
}

/** exceljs leaves a column of width 9 (its idea of the default) out of the sheet, and Excel then shows 8.43. */
const keptWidth = (width: number) => (width === 9 ? 9.01 : width);

/** Worksheet names: at most 31 characters, none of []:*?/\ and no apostrophe at either end. */
export function sheetName(title: string): string {
  const name = title
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return name || 'Export';
}

/**
 * When an export gives up: the client has taken none of the bytes waiting for it for `stallMs`
 * (the statement timeout: the export's transaction must end before PostgreSQL's
 * idle-in-transaction timeout closes its connection under it), or the server is shutting down
 * (`signal`). The download is then cut short and the request's transaction ends.
 */
export interface ExportGuard {
  stallMs: number;
  signal?: AbortSignal;
}

/** Why an export stopped before its end. */
export class ExportStopped extends Error {
  readonly code = 'EXPORT_STOPPED';
}

/**
 * Watches an export's connection: calls `stop` when bytes are waiting for the client and none has
 * left for `stallMs`, or when the guard's signal aborts. Returns the function that ends the watch.
 */
function watchExport(reply: FastifyReply, out: PassThrough, guard: ExportGuard, stop: (why: ExportStopped) => void): () => void {
  const socket = reply.raw.socket;
  let sent = socket?.bytesWritten ?? 0;
  let movedAt = Date.now();
  const waiting = () => out.readableLength > 0 || out.writableLength > 0 || (socket?.writableLength ?? 0) > 0;
  const timer = setInterval(
    () => {
      const now = socket?.bytesWritten ?? 0;
      if (now !== sent || !waiting()) [sent, movedAt] = [now, Date.now()];
      else if (Date.now() - movedAt >= guard.stallMs) stop(new ExportStopped(`the client took nothing for ${guard.stallMs} ms`));
    },
    Math.max(25, Math.floor(guard.stallMs / 5)),
  );
  timer.unref();
  const onAbort = () => stop(new ExportStopped('the server is shutting down'));
  guard.signal?.addEventListener('abort', onAbort);
  if (guard.signal?.aborted) onAbort();
  return () => {
    clearInterval(timer);
    guard.signal?.removeEventListener('abort', onAbort);
  };
}

/** Resolves when `stream` has room again; rejects if the reply stream closes first. */
async function room(stream: Writable, written: Promise<void>): Promise<void> {
  await Promise.race([once(stream, 'drain'), written]);
}

function isClientGone(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

interface Writer<T> {
  write(rows: T[]): Promise<void>;
  /** Ends the file, with its totals row when given. */
  end(totals?: Cell[]): Promise<void>;
}

function csvWriter<T>(out: PassThrough, written: Promise<void>, spec: ExportSpec<T>, toCells: (row: T) => Cell[]): Writer<T> {
  const csv = stringify({ bom: true, record_delimiter: 'windows', quoted_match: FORMULA_AFTER_SEPARATOR });
  csv.on('error', (error) => out.destroy(error));
  csv.pipe(out);
  const put = async (record: string[]) => {
    if (!csv.write(record)) await room(csv, written);
  };
  let started = false;
  return {
    async write(rows) {
      if (!started) {
        started = true;
        await put(spec.columns.map((c) => c.header));
      }
      for (const row of rows) await put(toCells(row).map((c) => c.csv));
    },
    async end(totals) {
      if (!started) {
        started = true;
        await put(spec.columns.map((c) => c.header));
      }
      if (totals) await put(totals.map((c) => c.csv));
      csv.end();
      await written;
    },
  };
}

function xlsxWriter<T>(out: PassThrough, written: Promise<void>, spec: ExportSpec<T>, toCells: (row: T) => Cell[]): Writer<T> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(spec.title), { views: [{ state: 'frozen', xSplit: 0, ySplit: 2, topLeftCell: 'A3' }] });
  const bold = { bold: true };
  let started = false;

  // Widths must be known before the first row is committed: the sheet's <cols> precede its rows.
  const start = (first: Cell[][]) => {
    sheet.columns = spec.columns.map((column, i) => {
      if (column.width) return { width: keptWidth(column.width) };
      // The header also holds the filter button.
      let longest = column.header.length + 2;
      for (const cells of first) for (const line of cells[i].shown.split('\n')) longest = Math.max(longest, line.length);
      return { width: keptWidth(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2))) };
    });
    const title = sheet.addRow([`${spec.title} — ${spec.filters.length ? spec.filters.join(' · ') : 'All rows'}`]);
    title.getCell(1).font = { bold: true, size: 12 };
    title.commit();
    const header = sheet.addRow(spec.columns.map((c) => c.header));
    header.eachCell((cell) => {
      cell.font = bold;
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDEFF2' } };
      cell.border = { bottom: { style: 'thin', color: { argb: 'FFC9CDD3' } } };
    });
    header.commit();
    sheet.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: Math.max(1, spec.columns.length) } };
  };

  return {
    async write(rows) {
      const cells = rows.map(toCells);
      if (!started) {
        started = true;
        start(cells);
      }
      for (const rowCells of cells) {
        const row = sheet.addRow(rowCells.map((c) => c.xlsx));
        rowCells.forEach((c, i) => {
          if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
        });
        row.commit();
      }
      // The zip is piped into `out`; once the client stops reading, wait before making more.
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await room(out, written);
    },
    async end(totals) {
      if (!started) {
        started = true;
        start([]);
      }
      if (totals) {
        const row = sheet.addRow(totals.map((c) => c.xlsx));
        totals.forEach((c, i) => {
          const cell = row.getCell(i + 1);
          cell.font = bold;
          cell.border = { top: { style: 'thin', color: { argb: 'FFC9CDD3' } } };
          if (c.numFmt) cell.numFmt = c.numFmt;
        });
        row.commit();
      }
      sheet.commit();
      await Promise.all([workbook.commit(), written]);
    },
  };
}

/**
 * Streams the export as the reply. Resolves when the last byte has been handed to the reply
 * stream, or once the client has gone away (the remaining batches are then not read). The first
 * batch is read before anything is sent, so a failing first query is still an ordinary error
 * reply; a later failure cuts the download short and rejects.
 */
export async function sendExport<T>(reply: FastifyReply, format: ExportFormat, spec: ExportSpec<T>): Promise<FastifyReply> {
  const types = spec.columns.map((c) => c.type ?? 'text');
  // The columns marked `total` are summed as the rows go by, for the "Total" row (paise: exact).
  const summed = spec.columns.map((c) => !!c.total);
  const sums = types.map(() => 0);
  const toCells = (row: T) => {
    const cells = spec.columns.map((c, i) => toCell(types[i], c.value(row), spec.timeZone));
    cells.forEach((c, i) => summed[i] && typeof c.xlsx === 'number' && (sums[i] += Math.round(c.xlsx * 100)));
    return cells;
  };
  const labelAt = summed.findIndex((s) => !s);
  const totalsRow = (): Cell[] | undefined =>
    summed.includes(true)
      ? types.map((t, i) => (summed[i] ? toCell(t, sums[i] / 100, spec.timeZone) : i === labelAt ? textCell('Total') : EMPTY))
      : undefined;

  const batches = spec.batches[Symbol.asyncIterator]();
  let exhausted = false;
  let out: PassThrough | undefined;
  const guard: ExportGuard = { stallMs: reply.server?.config?.DB_STATEMENT_TIMEOUT_MS ?? 15_000, signal: reply.server?.shutdown?.signal };
  let stopped: ExportStopped | undefined;
  let unwatch = () => {};
  try {
    const first = await batches.next();
    exhausted = !!first.done;
    const stream = new PassThrough();
    out = stream;
    // 'finish': every byte is in the reply stream; rejects if the client closes it first.
    const written = finished(stream, { readable: false });
    written.catch(() => undefined);
    const writer = (format === 'csv' ? csvWriter : xlsxWriter)(stream, written, spec, toCells);

    const name = `${spec.filename}-${spec.today}.${format}`.replace(/[^\w.-]+/g, '-');
    reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(stream);
    unwatch = watchExport(reply, stream, guard, (why) => {
      if (stopped) return;
      stopped = why;
      stream.destroy(why);
      reply.raw.destroy();
    });

    await writer.write(first.done ? [] : first.value);
    while (!exhausted) {
      if (stopped) throw stopped;
      const next = await batches.next();
      if (next.done) exhausted = true;
      else await writer.write(next.value);
    }
    await writer.end(totalsRow());
    return reply;
  } catch (error) {
    if (stopped) {
      // The headers are sent: the download is cut short, the request's transaction ends.
      reply.log.warn({ reason: stopped.message }, 'export stopped before its end');
      return reply;
    }
    if (isClientGone(error) || out?.destroyed) {
      reply.log.info('export stopped: the client closed the connection');
      return reply;
    }
    out?.destroy(error as Error);
    throw error;
  } finally {
    unwatch();
    if (!exhausted) await batches.return?.();
  }
}

/** One sheet of a workbook: a title for its tab and first row, its columns and (bounded) rows. */
export interface SheetSpec<T> {
  title: string;
  columns: ExportColumn<T>[];
  rows: T[];
}

/** A sheet of rows of any one type, for a workbook of sheets of different rows. */
export const sheet = <T>(s: SheetSpec<T>) => s as unknown as SheetSpec<unknown>;

/**
 * Sends a small report as an XLSX workbook of several sheets (the GST summary: one per GSTR-1
 * table), each laid out like a single-sheet export: a title row, a bold header with filters,
 * typed cells and widths from the contents. Built in memory: only for bounded reports.
 */
export async function sendWorkbook(
  reply: FastifyReply,
  spec: { filename: string; filters: string[]; timeZone: string; today: string; sheets: SheetSpec<unknown>[] },
): Promise<FastifyReply> {
  const workbook = new ExcelJS.Workbook();
  for (const s of spec.sheets) {
    const sheet = workbook.addWorksheet(sheetName(s.title), { views: [{ state: 'frozen', ySplit: 2 }] });
    const cells = s.rows.map((row) => s.columns.map((c) => toCell(c.type ?? 'text', c.value(row), spec.timeZone)));
    sheet.columns = s.columns.map((column, i) => {
      let longest = column.header.length + 2;
      for (const rowCells of cells) longest = Math.max(longest, rowCells[i].shown.length);
      return { width: keptWidth(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2))) };
    });
    sheet.addRow([`${s.title} — ${spec.filters.join(' · ')}`]).getCell(1).font = { bold: true, size: 12 };
    const header = sheet.addRow(s.columns.map((c) => c.header));
    header.eachCell((cell) => {
      cell.font = { bold: true };
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDEFF2' } };
    });
    sheet.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: Math.max(1, s.columns.length) } };
    for (const rowCells of cells) {
      const row = sheet.addRow(rowCells.map((c) => c.xlsx));
      rowCells.forEach((c, i) => {
        if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
      });
    }
  }
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const name = `${spec.filename}-${spec.today}.xlsx`.replace(/[^\w.-]+/g, '-');
  return reply
    .header('content-type', CONTENT_TYPES.xlsx)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(buffer);
}
