/**
 * The occupancy board (rooms × days, one bounded query), the dashboard, the settings, this module's
 * ledger rows (income-expense), a resident's ID proof, and the logs.
 */
import { moneyFromSql, type LedgerKind } from '@arena/contracts';
import {
  BOARD_ROOMS_MAX,
  accommodationDashboardEndpoint,
  accommodationIncomeExpenseEndpoints,
  accommodationLedgerFilterShape as f,
  accommodationLogsEndpoint,
  accommodationSettingsEndpoints,
  clientIdProofEndpoints,
  occupancyBoardEndpoint,
  type OccupancyBoard,
} from '@arena/contracts/accommodation';
import type { LedgerEntry } from '@arena/contracts';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { privateFiles, readFormBody } from '../../platform/files.js';
import { conditions, listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { addDays, displayDate, monthOf } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import {
  ledgerAlias as l,
  ledgerFields,
  ledgerFrom,
  ledgerJson,
  ledgerTotalFields,
  ledgerTotals,
  ledgerTotalsJson,
  type LedgerSelectRow,
} from '../money/index.js';
import { CHARGE_SOURCE, MODULE, tags } from './constants.js';
import { clientById } from './lookups.routes.js';
import { client } from './schema.js';
import { readSettings, saveSettings, settingsJson } from './settings.service.js';
import { staysById } from './stay.queries.js';

// ---- occupancy board ----
async function board(tx: Tx, ctx: Ctx, q: { centre?: number; room_type?: number; from?: string; days: number }): Promise<OccupancyBoard> {
  const from = q.from ?? ctx.now.today;
  const to = addDays(from, q.days);
  const centreId = q.centre ?? ctx.centreId ?? null;
  // One statement: the rooms (at most BOARD_ROOMS_MAX + 1, to tell a truncated board) and, as JSON, the stays touching the window.
  const rows = await queryRows<{
    id: number;
    number: string;
    floor: string;
    room_type: number;
    room_type_name: string;
    beds: number;
    centre: number;
    centre_name: string;
    status: 'available' | 'maintenance' | 'closed';
    stays: {
      id: number;
      client: number;
      client_name: string;
      bed: number;
      check_in: string;
      check_out: string;
      status: string;
      rate_basis: string;
    }[];
  }>(
    tx,
    sql`select r.id, r.number, r.floor, r.room_type_id as room_type, t.name as room_type_name, t.beds_per_room as beds, r.centre_id as centre, ce.name as centre_name, r.status,
        coalesce((select json_agg(json_build_object('id', s.id, 'client', s.client_id, 'client_name', c.name, 'bed', s.bed, 'check_in', s.check_in, 'check_out', s.check_out, 'status', s.status, 'rate_basis', s.rate_basis) order by s.bed, s.check_in)
          from accommodation_stay s join accommodation_client c on c.organisation_id = s.organisation_id and c.id = s.client_id
          where s.organisation_id = r.organisation_id and s.room_id = r.id and s.status <> 'cancelled' and s.check_in < ${to}::date and s.check_out > ${from}::date), '[]'::json) as stays
      from accommodation_room r
      join accommodation_room_type t on t.organisation_id = r.organisation_id and t.id = r.room_type_id
      join centre ce on ce.organisation_id = r.organisation_id and ce.id = r.centre_id
      where r.organisation_id = ${ctx.organisationId}
        ${centreId ? sql`and r.centre_id = ${centreId}` : sql``}
        ${q.room_type ? sql`and r.room_type_id = ${q.room_type}` : sql``}
      order by ce.name, r.floor, r.number
      limit ${BOARD_ROOMS_MAX + 1}`,
  );
  const days: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) days.push(d);
  return {
    from,
    to,
    days,
    truncated: rows.length > BOARD_ROOMS_MAX,
    rooms: rows.slice(0, BOARD_ROOMS_MAX).map((r) => ({
      id: Number(r.id),
      number: r.number,
      floor: r.floor,
      room_type: Number(r.room_type),
      room_type_name: r.room_type_name,
      centre: Number(r.centre),
      centre_name: r.centre_name,
      status: r.status,
      beds: Array.from({ length: Number(r.beds) }, (_, i) => ({
        bed: i + 1,
        stays: r.stays
          .filter((s) => Number(s.bed) === i + 1)
          .map((s) => ({
            id: Number(s.id),
            client: Number(s.client),
            client_name: s.client_name,
            check_in: s.check_in,
            check_out: s.check_out,
            status: s.status as 'reserved',
            rate_basis: s.rate_basis as 'nightly',
          })),
      })),
    })),
  };
}

// ---- dashboard ----
async function dashboard(tx: Tx, ctx: Ctx, centreId: number | null) {
  const today = ctx.now.today;
  const where = centreId ? sql`and r.centre_id = ${centreId}` : sql``;
  const [beds] = await queryRows<{ rooms: number; beds: number; occupied: number; in_house: number }>(
    tx,
    sql`select count(*)::int as rooms, coalesce(sum(t.beds_per_room) filter (where r.status = 'available'), 0)::int as beds,
        (select count(*)::int from accommodation_stay s join accommodation_room r on r.organisation_id = s.organisation_id and r.id = s.room_id
          where s.organisation_id = ${ctx.organisationId} ${where} and s.status in ('reserved', 'checked_in') and s.check_in <= ${today}::date and s.check_out > ${today}::date) as occupied,
        (select count(*)::int from accommodation_stay s join accommodation_room r on r.organisation_id = s.organisation_id and r.id = s.room_id
          where s.organisation_id = ${ctx.organisationId} ${where} and s.status = 'checked_in') as in_house
      from accommodation_room r join accommodation_room_type t on t.organisation_id = r.organisation_id and t.id = r.room_type_id
      where r.organisation_id = ${ctx.organisationId} ${where}`,
  );
  const ids = async (cond: ReturnType<typeof sql>) =>
    (
      await queryRows<{ id: number }>(
        tx,
        sql`select s.id from accommodation_stay s join accommodation_room r on r.organisation_id = s.organisation_id and r.id = s.room_id
          where s.organisation_id = ${ctx.organisationId} ${where} and ${cond} order by s.id limit 50`,
      )
    ).map((r) => Number(r.id));
  const arrivals = await staysById(tx, ctx, await ids(sql`s.status = 'reserved' and s.check_in = ${today}::date`));
  const departures = await staysById(tx, ctx, await ids(sql`s.status = 'checked_in' and s.check_out = ${today}::date`));
  const [due] = await queryRows<{ due: string; stays: number; deposits: string }>(
    tx,
    sql`select coalesce(sum(greatest(c.total - c.credited - c.paid, 0)), 0)::text as due,
        count(distinct c.stay_id) filter (where c.total - c.credited - c.paid > 0)::int as stays,
        (select coalesce(sum(s.deposit - s.deposit_deducted), 0)::text from accommodation_stay s join accommodation_room r on r.organisation_id = s.organisation_id and r.id = s.room_id
          where s.organisation_id = ${ctx.organisationId} ${where} and s.deposit_status = 'held') as deposits
      from accommodation_charge c join accommodation_stay s on s.organisation_id = c.organisation_id and s.id = c.stay_id
      join accommodation_room r on r.organisation_id = s.organisation_id and r.id = s.room_id
      where c.organisation_id = ${ctx.organisationId} ${where}`,
  );
  // The last 12 months: bed-nights occupied ÷ bed-nights of available rooms (today's rooms), and rent received.
  const first = `${addDays(`${today.slice(0, 7)}-01`, -335).slice(0, 7)}-01`;
  const end = addDays(monthOf(today).to, 1);
  const nights = await queryRows<{ month: string; nights: number }>(
    tx,
    sql`select to_char(d, 'YYYY-MM') as month, count(*)::int as nights
      from accommodation_stay s join accommodation_room r on r.organisation_id = s.organisation_id and r.id = s.room_id,
      generate_series(greatest(s.check_in, ${first}::date), least(s.check_out, ${end}::date) - 1, interval '1 day') d
      where s.organisation_id = ${ctx.organisationId} ${where} and s.status in ('checked_in', 'checked_out') and s.check_in < ${end}::date and s.check_out > ${first}::date
      group by 1`,
  );
  const byMonth = new Map(nights.map((n) => [n.month, Number(n.nights)]));
  const revenue = await ledgerTotals(tx, ctx, {
    sources: [CHARGE_SOURCE],
    from: first,
    to: monthOf(today).to,
    centre: centreId,
    groupBy: ['month'],
  });
  const revenueOf = new Map(revenue.map((r) => [r.month!, r.income]));
  const monthly = [];
  for (let m = first; m < end; m = addDays(monthOf(m).to, 1)) {
    const month = m.slice(0, 7);
    const days = Number(monthOf(m).to.slice(8, 10));
    const capacity = beds.beds * days;
    monthly.push({
      month,
      occupancy: capacity ? Math.round(((byMonth.get(month) ?? 0) * 1000) / capacity) / 10 : 0,
      revenue: revenueOf.get(month) ?? '0.00',
    });
  }
  return {
    today,
    rooms: beds.rooms,
    beds: beds.beds,
    occupied_beds: beds.occupied,
    occupancy: beds.beds ? Math.round((beds.occupied * 1000) / beds.beds) / 10 : 0,
    in_house: beds.in_house,
    arrivals_today: arrivals,
    departures_today: departures,
    rent_due: moneyFromSql(due.due),
    rent_due_stays: Number(due.stays),
    deposits_held: moneyFromSql(due.deposits),
    revenue_month: monthly[monthly.length - 1].revenue,
    monthly,
  };
}

// ---- income-expense: this module's ledger rows ----
const ledgerList: ListDefinition<LedgerSelectRow, LedgerEntry> = {
  from: (tx, fields) => ledgerFrom(tx, fields),
  fields: ledgerFields,
  where: (ctx) => and(eq(l.organisationId, ctx.organisationId), eq(l.module, MODULE)),
  search: [l.party, l.sourceLabel, l.reference],
  filters: {
    kind: { schema: f.kind, where: (v: LedgerKind) => eq(l.kind, v), label: 'Kind' },
    centre: { schema: f.centre, where: (v: number) => eq(l.centreId, v), label: 'Center', show: showName(centre) },
    payment_mode: { schema: f.payment_mode, where: (v: number) => eq(l.paymentModeId, v), label: 'Payment mode' },
    date_after: { schema: f.date_after, where: (v: string) => gte(l.date, v), label: 'From', show: displayDate },
    date_before: { schema: f.date_before, where: (v: string) => lte(l.date, v), label: 'To', show: displayDate },
  },
  ordering: { date: l.date, amount: l.amount, created_at: l.createdAt },
  defaultOrdering: [desc(l.date), desc(l.id)],
  tiebreak: l.id,
  map: (_tx, _ctx, rows) => rows.map(ledgerJson),
  export: {
    filename: 'accommodation-income-expense',
    title: 'Accommodation income and expense',
    columns: [
      { header: 'Date', value: (p) => p.date, type: 'date' },
      { header: 'Kind', value: (p) => p.kind },
      { header: 'Party', value: (p) => p.party },
      { header: 'For', value: (p) => p.source.label },
      { header: 'Category', value: (p) => p.category_name },
      { header: 'Payment mode', value: (p) => p.payment_mode_name },
      { header: 'Amount', value: (p) => p.amount, type: 'money' },
      { header: 'Invoice', value: (p) => p.invoice_number },
    ],
  },
};

// ---- ID proof ----
const PROOF_MAX = 5 * 1024 * 1024;
const PROOF_TYPES = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
function proofKind(data: Buffer): keyof typeof PROOF_TYPES | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

async function setProof(tx: Tx, ctx: Ctx, id: number, file: { path: string; name: string } | null): Promise<string | null> {
  const [before] = await tx
    .select({ file: client.idProofFile, name: client.name })
    .from(client)
    .where(and(eq(client.organisationId, ctx.organisationId), eq(client.id, id)))
    .for('update');
  if (!before) throw notFound();
  await tx
    .update(client)
    .set({ idProofFile: file?.path ?? null, idProofName: file?.name ?? '', updatedAt: new Date() })
    .where(and(eq(client.organisationId, ctx.organisationId), eq(client.id, id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'accommodation_client',
    objectId: id,
    label: before.name,
    action: 'update',
    after: { id_proof: file?.name ?? '' },
  });
  return before.file;
}

export async function deskRoutes(app: FastifyInstance): Promise<void> {
  route(app, occupancyBoardEndpoint, {
    module: MODULE,
    tags,
    summary: 'Rooms × days: beds as rows, stays as bars (one query; at most 200 rooms)',
    handler: (request) => inTenant(request, (tx, ctx) => board(tx, ctx, request.query)),
  });
  route(app, accommodationDashboardEndpoint, {
    module: MODULE,
    tags,
    summary: 'Occupancy today and by month, rent due, arrivals and departures today, revenue',
    handler: (request) =>
      inTenant(request, (tx, ctx) => dashboard(tx, ctx, request.query.centre ?? ctx.centreId ?? null), { customPlans: true }),
  });
  route(app, accommodationSettingsEndpoints.retrieve, {
    module: MODULE,
    tags,
    summary: 'Check-in and check-out times, deposit rules, rent due days',
    handler: (request) => inTenant(request, async (tx, ctx) => settingsJson(await readSettings(tx, ctx))),
  });
  route(app, accommodationSettingsEndpoints.update, {
    module: MODULE,
    tags,
    summary: 'Save the settings',
    handler: (request) => inTenant(request, (tx, ctx) => saveSettings(tx, ctx, request.body)),
  });
  listRoute(app, accommodationIncomeExpenseEndpoints.list, {
    module: MODULE,
    tags,
    summary: "This module's ledger rows: rent received and refunded, deposits",
    list: ledgerList,
  });
  route(app, accommodationIncomeExpenseEndpoints.totals, {
    module: MODULE,
    tags,
    summary: 'Count, income, expense, net and deposits held of the rows the same filters select',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        const [row] = (await ledgerList.from(tx, ledgerTotalFields).where(conditions(ledgerList, request.query, ctx))) as Parameters<
          typeof ledgerTotalsJson
        >[0][];
        return ledgerTotalsJson(row);
      }),
  });

  const proof = clientIdProofEndpoints;
  route(app, proof.upload, {
    module: MODULE,
    tags,
    summary: "Replace a resident's ID proof (multipart/form-data, `file`: PDF, PNG, JPEG or WebP, at most 5 MB)",
    handler: async (request) => {
      const form = await readFormBody(request);
      const file = form.files.file;
      if (!file) throw badRequest({ file: ['Choose a file to upload.'] });
      const kind = file.data.length <= PROOF_MAX ? proofKind(file.data) : null;
      if (!kind) throw badRequest({ file: ['The file must be a PDF or an image of at most 5 MB.'] });
      const orgId = request.organisation!.id;
      const saved = await privateFiles.save(app.config, orgId, 'id-proofs', kind, file.data);
      const name =
        (file.filename || `id-proof.${kind}`)
          .replace(/[\u0000-\u001f\u007f/\\]+/g, ' ')
          .trim()
          .slice(0, 200) || `id-proof.${kind}`;
      try {
        const replaced = await inTenant(request, (tx, ctx) => setProof(tx, ctx, request.params.id, { path: saved, name }));
        await privateFiles.remove(app.config, orgId, replaced);
      } catch (err) {
        await privateFiles.remove(app.config, orgId, saved);
        throw err;
      }
      return inTenant(request, (tx, ctx) => clientById(tx, ctx, request.params.id));
    },
  });
  route(app, proof.remove, {
    module: MODULE,
    tags,
    summary: "Remove a resident's ID proof",
    handler: async (request) => {
      const replaced = await inTenant(request, (tx, ctx) => setProof(tx, ctx, request.params.id, null));
      await privateFiles.remove(app.config, request.organisation!.id, replaced);
      return inTenant(request, (tx, ctx) => clientById(tx, ctx, request.params.id));
    },
  });
  route(app, proof.file, {
    module: MODULE,
    tags,
    summary: "A resident's ID proof",
    handler: async (request, reply) => {
      const stored = await inTenant(request, async (tx, ctx) => {
        const [row] = await tx
          .select({ file: client.idProofFile })
          .from(client)
          .where(and(eq(client.organisationId, ctx.organisationId), eq(client.id, request.params.id)));
        if (!row) throw notFound();
        return row.file;
      });
      const data = await privateFiles.read(app.config, request.organisation!.id, stored);
      const kind = data ? proofKind(data) : null;
      if (!data || !kind) throw notFound();
      return reply
        .header('content-type', PROOF_TYPES[kind])
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  });
  auditLogRoute(app, accommodationLogsEndpoint, MODULE);
  void asc;
}
