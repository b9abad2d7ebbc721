import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportQuerySchema, MONEY_FORMAT, sendExport, sheetName, type ExportFormat, type ExportSpec } from './export.js';

interface Booking {
  code: string;
  name: string;
  amount: string | null;
  date: string;
  created_at: string;
  start: string;
  paid: boolean;
  notes: string;
}

const bookings: Booking[] = [
  {
    code: 'BK-1',
    name: 'Rao, Arjun',
    amount: '150000.00',
    date: '2026-11-23',
    created_at: '2026-11-23T11:35:00Z',
    start: '17:00:00',
    paid: true,
    notes: 'x'.repeat(200),
  },
  {
    code: 'BK-2',
    name: '=HYPERLINK("http://evil")',
    amount: '-100.00',
    date: '2026-11-01',
    created_at: '2026-10-31T20:00:00Z',
    start: '06:30',
    paid: false,
    notes: 'line one\nline "two"',
  },
  {
    code: 'BK-3',
    name: '-5',
    amount: null,
    date: '2026-11-02',
    created_at: '2026-11-02T00:00:00Z',
    start: '07:00',
    paid: false,
    notes: '',
  },
];

function spec(
  batches: AsyncIterable<Booking[]>,
  filters = ['Date: 01 Nov 2026 – 23 Nov 2026', 'Center: Main Centre'],
): ExportSpec<Booking> {
  return {
    filename: 'bookings',
    title: 'Bookings',
    filters,
    timeZone: 'Asia/Kolkata',
    today: '2026-11-23',
    batches,
    columns: [
      { header: 'Code', value: (b) => b.code, width: 14 },
      { header: 'Client', value: (b) => b.name },
      { header: 'Amount', value: (b) => b.amount, type: 'money' },
      { header: 'Date', value: (b) => b.date, type: 'date' },
      { header: 'Created', value: (b) => b.created_at, type: 'datetime' },
      { header: 'Start', value: (b) => b.start, type: 'time' },
      { header: 'Paid', value: (b) => b.paid, type: 'boolean' },
      { header: 'Notes', value: (b) => b.notes },
    ],
  };
}

async function* inBatches<T>(rows: T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

function manyBookings(n: number): Booking[] {
  return Array.from({ length: n }, (_, i) => ({ ...bookings[0], code: `BK-${i + 1}`, amount: `${i}.50` }));
}

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

/** A bare Fastify with the request-id hook the real app has, and one export route. */
async function appExporting(
  make: () => ExportSpec<Booking>,
  decorations: { statementTimeoutMs?: number; shutdown?: AbortController } = {},
): Promise<FastifyInstance> {
  app = Fastify();
  if (decorations.statementTimeoutMs) app.decorate('config', { DB_STATEMENT_TIMEOUT_MS: decorations.statementTimeoutMs } as never);
  if (decorations.shutdown) app.decorate('shutdown', decorations.shutdown);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.get('/export', async (request, reply) => {
    const { format } = exportQuerySchema.parse(request.query);
    return sendExport(reply, format ?? 'csv', make());
  });
  await app.ready();
  return app;
}

/** One file of a zip, found through the central directory (a streamed zip's local headers carry no sizes). */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
      return (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error(`${name} is not in the zip`);
}

async function readXlsx(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

describe('sendExport', () => {
  it.each(EXPORT_FORMATS)('sends %s as a named, uncached attachment through the reply hooks', async (format: ExportFormat) => {
    await appExporting(() => spec(inBatches(bookings, 2)));
    const res = await app.inject({ url: `/export?format=${format}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bookings-2026-11-23.${format}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('writes CSV with a BOM, the headers, readable dates, plain amounts, quoting and the formula guard', async () => {
    await appExporting(() => spec(inBatches(bookings, 2)));
    const res = await app.inject({ url: '/export?format=csv' });
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Code,Client,Amount,Date,Created,Start,Paid,Notes');
    expect(lines[1]).toBe(`BK-1,"Rao, Arjun",150000.00,23 Nov 2026,23 Nov 2026 17:05,17:00,Yes,${'x'.repeat(200)}`);
    // A text cell that a spreadsheet would run is defused; a negative amount is a number, not a formula.
    expect(lines[2]).toBe(`BK-2,"'=HYPERLINK(""http://evil"")",-100.00,01 Nov 2026,01 Nov 2026 01:30,06:30,No,"line one\nline ""two"""`);
    expect(lines[3]).toBe(`BK-3,'-5,,02 Nov 2026,02 Nov 2026 05:30,07:00,No,`);
    expect(lines.slice(4)).toEqual(['']);
  });

  it('ends an export with a Total row summing its totalled money columns, in CSV and in the workbook (bold, Indian grouping)', async () => {
    const totalled = () => {
      const base = spec(inBatches(bookings, 2));
      return { ...base, columns: base.columns.map((c) => (c.type === 'money' ? { ...c, total: true } : c)) };
    };
    await appExporting(totalled);
    const csv = (await app.inject({ url: '/export?format=csv' })).body.replace(/^\uFEFF/, '').split('\r\n');
    // 150000.00 − 100.00 (the empty amount counts nothing), under the first column that is not money.
    expect(csv.at(-2)).toBe('Total,,149900.00,,,,,');
    const sheet = await readXlsx((await app.inject({ url: '/export?format=xlsx' })).rawPayload);
    const total = sheet.getRow(sheet.rowCount);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(1).font?.bold).toBe(true);
    expect(total.getCell(3).value).toBe(149900);
    expect(total.getCell(3).numFmt).toBe(MONEY_FORMAT.replaceAll('\\', ''));
    // Without money columns there is nothing to total.
    await app.close();
    await appExporting(() => ({
      ...spec(inBatches(bookings, 2)),
      totals: true,
      columns: spec(inBatches([], 1)).columns.filter((c) => c.type !== 'money'),
    }));
    const plain = (await app.inject({ url: '/export?format=csv' })).body.split('\r\n');
    expect(plain.some((line) => line.startsWith('Total'))).toBe(false);
  });

  it('guards and quotes a formula after a separator of any locale, and leaves plain separators alone', async () => {
    const rows = ['Semi;=1+1', 'Tab\t+SUM(A1)', 'Pipe| @cmd', 'a, -b', 'Plain; text', 'Rao, Arjun', 'x=1+1'].map((notes, i) => ({
      ...bookings[2],
      code: `BK-${i}`,
      name: 'n',
      notes,
    }));
    await appExporting(() => spec(inBatches(rows, 10)));
    const res = await app.inject({ url: '/export?format=csv' });
    const notes = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.slice(line.lastIndexOf(',No,') + 4));
    expect(notes).toEqual([`"'Semi;=1+1"`, `"'Tab\t+SUM(A1)"`, `"'Pipe| @cmd"`, `"'a, -b"`, 'Plain; text', '"Rao, Arjun"', 'x=1+1']);
  });

  it('writes a workbook with a title, a frozen filtered header, typed cells and fitted widths', async () => {
    await appExporting(() => spec(inBatches(bookings, 2)));
    const res = await app.inject({ url: '/export?format=xlsx' });
    const sheet = await readXlsx(res.rawPayload);

    expect(sheet.name).toBe('Bookings');
    expect(sheet.getCell('A1').value).toBe('Bookings — Date: 01 Nov 2026 – 23 Nov 2026 · Center: Main Centre');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(sheet.autoFilter).toBe('A2:H2');

    const header = sheet.getRow(2);
    expect(header.values).toEqual([undefined, 'Code', 'Client', 'Amount', 'Date', 'Created', 'Start', 'Paid', 'Notes']);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(1).fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDEFF2' } });

    const first = sheet.getRow(3);
    expect(first.getCell(1).value).toBe('BK-1');
    expect(first.getCell(3).value).toBe(150000);
    // exceljs's reader drops the format's backslashes; the file itself holds them, as set.
    expect(first.getCell(3).numFmt).toBe(MONEY_FORMAT.replaceAll('\\', ''));
    expect(zipEntry(res.rawPayload, 'xl/styles.xml')).toContain(`formatCode="${MONEY_FORMAT.replaceAll('>', '&gt;')}"`);
    expect(first.getCell(4).value).toEqual(new Date(Date.UTC(2026, 10, 23)));
    expect(first.getCell(4).numFmt).toBe('dd mmm yyyy');
    // 11:35 UTC is 17:05 in Kolkata; the cell holds the wall clock so every viewer sees 17:05.
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(2026, 10, 23, 17, 5)));
    expect(first.getCell(5).numFmt).toBe('dd mmm yyyy hh:mm');
    expect(first.getCell(6).value).toBe('17:00');
    expect(first.getCell(7).value).toBe('Yes');

    const second = sheet.getRow(4);
    expect(second.getCell(2).value).toBe('=HYPERLINK("http://evil")');
    expect(second.getCell(3).value).toBe(-100);
    expect(second.getCell(3).numFmt).toBe(MONEY_FORMAT.replaceAll('\\', ''));
    expect(sheet.getRow(5).getCell(3).value).toBeNull();
    expect(sheet.rowCount).toBe(5);

    const widths = sheet.columns.map((c) => c.width);
    expect(widths[0]).toBe(14);
    expect(widths[1]).toBe('=HYPERLINK("http://evil")'.length + 2);
    expect(widths[3]).toBe('23 Nov 2026'.length + 2);
    expect(widths[7]).toBe(60);
    expect(widths[5]).toBeCloseTo('Start'.length + 4, 1);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(8);
  });

  it('says "All rows" without filters and writes the header of an empty list', async () => {
    await appExporting(() => spec(inBatches([], 10), []));
    const xlsx = await readXlsx((await app.inject({ url: '/export?format=xlsx' })).rawPayload);
    expect(xlsx.getCell('A1').value).toBe('Bookings — All rows');
    expect(xlsx.rowCount).toBe(2);
    const csv = await app.inject({ url: '/export?format=csv' });
    expect(csv.body).toBe('\uFEFFCode,Client,Amount,Date,Created,Start,Paid,Notes\r\n');
  });

  it.each(EXPORT_FORMATS)('exports 10,000 rows given in batches of 1,000 as %s', async (format) => {
    const rows = manyBookings(10_000);
    await appExporting(() => spec(inBatches(rows, 1_000)));
    const res = await app.inject({ url: `/export?format=${format}` });
    expect(res.statusCode).toBe(200);
    if (format === 'csv') {
      const lines = res.body.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(10_001);
      expect(lines[10_000]).toMatch(/^BK-10000,"Rao, Arjun",9999.50,/);
    } else {
      const sheet = await readXlsx(res.rawPayload);
      expect(sheet.rowCount).toBe(10_002);
      expect(sheet.getRow(10_002).getCell(1).value).toBe('BK-10000');
      expect(sheet.getRow(10_002).getCell(3).value).toBe(9999.5);
    }
  });

  it('answers an ordinary error when the first batch cannot be read', async () => {
    const failing: AsyncIterable<Booking[]> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('database is down')) }),
    };
    await appExporting(() => spec(failing));
    const res = await app.inject({ url: '/export?format=xlsx' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('stops reading batches once the client goes away', async () => {
    let read = 0;
    let closed!: () => void;
    const released = new Promise<void>((resolve) => (closed = resolve));
    const endless = async function* (): AsyncGenerator<Booking[]> {
      try {
        for (;;) {
          read++;
          yield manyBookings(1_000);
        }
      } finally {
        closed();
      }
    };
    await appExporting(() => spec(endless()));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    http.get({ host: '127.0.0.1', port, path: '/export?format=csv' }, (res) => res.once('data', () => res.destroy()));
    await released;
    expect(read).toBeLessThan(100);
  });

  /** An endless export, and a promise of the moment it stops reading batches. */
  function endlessExport() {
    const state = { read: 0, stopped: undefined as unknown as Promise<void> };
    let closed!: () => void;
    state.stopped = new Promise<void>((resolve) => (closed = resolve));
    const batches = async function* (): AsyncGenerator<Booking[]> {
      try {
        for (;;) {
          state.read++;
          // Notes that do not compress, so a zip fills the socket as fast as a CSV does.
          yield manyBookings(1_000).map((b) => ({ ...b, notes: randomBytes(150).toString('hex') }));
        }
      } finally {
        closed();
      }
    };
    return { state, batches };
  }

  /** A client that takes the headers and then reads nothing; the server's side of its connection. */
  async function stalledClient(format: ExportFormat) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const sockets: Socket[] = [];
    app.server.on('connection', (socket: Socket) => sockets.push(socket));
    const request = http.get({ host: '127.0.0.1', port, path: `/export?format=${format}` }, (res) => {
      res.pause();
      res.on('error', () => undefined);
    });
    request.on('error', () => undefined);
    return { sockets, request };
  }

  it('stops a CSV export whose client stops reading once the statement timeout has passed, cutting the file short', async () => {
    const { state, batches } = endlessExport();
    await appExporting(() => spec(batches()), { statementTimeoutMs: 300 });
    const started = Date.now();
    const { sockets, request } = await stalledClient('csv');
    await state.stopped;
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(state.read).toBeLessThan(1_000);
    // The server has hung up on it: the download is cut short, the connection freed.
    await new Promise((resolve) => setImmediate(resolve));
    expect(sockets).toHaveLength(1);
    expect(sockets[0].destroyed).toBe(true);
    request.destroy();
  });

  it('stops an export when the server starts shutting down', async () => {
    const { state, batches } = endlessExport();
    const shutdown = new AbortController();
    await appExporting(() => spec(batches()), { shutdown });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    let bytes = 0;
    const outcome = new Promise<string>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/export?format=csv' }, (res) => {
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > 1_000_000) shutdown.abort();
        });
        res.on('error', () => resolve('cut'));
        res.on('close', () => resolve(res.complete ? 'complete' : 'cut'));
      });
    });
    await state.stopped;
    expect(await outcome).toBe('cut');
    expect(state.read).toBeLessThan(1_000);
  });
});

describe('MONEY_FORMAT', () => {
  it('groups rupees in lakhs and crores with literal commas, one format for any amount of a column', () => {
    expect(MONEY_FORMAT).toBe('[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00');
  });
});

describe('sheetName', () => {
  it('keeps a worksheet name Excel accepts', () => {
    expect(sheetName('Bookings')).toBe('Bookings');
    expect(sheetName('Reports: Booked/Online [Nov]?')).toBe('Reports Booked Online Nov');
    expect(sheetName('A very long report title that goes past the limit')).toHaveLength(31);
    expect(sheetName("'quoted'")).toBe('quoted');
    expect(sheetName('***')).toBe('Export');
  });
});
