/** Stays as the API shows them: the list (one query a page) and one stay with its invoices. */
import { fromPaise, idSchema, isoDateSchema, paise } from '@arena/contracts';
import { RATE_BASES, STAY_STATUSES, type Stay, type StayDetail } from '@arena/contracts/accommodation';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { inIds, type Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { showName, yesNo, type ListDefinition } from '../../platform/list.js';
import type { Ctx } from '../../platform/request-context.js';
import { daysBetween, displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { invoicesOfSource } from '../money/index.js';
import { CHARGE_SOURCE } from './constants.js';
import { charge, client, room, roomType, stay } from './schema.js';

const sums = (what: string) =>
  sql.raw(
    `(select ${what} from accommodation_charge c where c.organisation_id = accommodation_stay.organisation_id and c.stay_id = accommodation_stay.id)`,
  );
const billedSql = sql<string>`${sums('coalesce(sum(c.total - c.credited), 0)::text')}`;
const paidSql = sql<string>`${sums('coalesce(sum(c.paid), 0)::text')}`;
const dueSql = sql<string>`${sums('coalesce(sum(greatest(c.total - c.credited - c.paid, 0)), 0)::text')}`;
const nextSql = sql<
  number | null
>`(select n.id from accommodation_stay n where n.organisation_id = accommodation_stay.organisation_id and n.previous_stay_id = accommodation_stay.id order by n.id limit 1)`;

export const stayFields = {
  s: stay,
  clientName: client.name,
  clientPhone: client.phone,
  roomNumber: room.number,
  roomTypeId: roomType.id,
  roomTypeName: roomType.name,
  centreId: room.centreId,
  centreName: centre.name,
  billed: billedSql,
  paid: paidSql,
  due: dueSql,
  nextStay: nextSql,
};
export type StaySelectRow = {
  s: typeof stay.$inferSelect;
  clientName: string;
  clientPhone: string;
  roomNumber: string;
  roomTypeId: number;
  roomTypeName: string;
  centreId: number;
  centreName: string;
  billed: string;
  paid: string;
  due: string;
  nextStay: number | string | null;
};

export const stayFrom = (tx: Tx, fields: Record<string, unknown>) =>
  tx
    .select(fields as typeof stayFields)
    .from(stay)
    .innerJoin(client, and(eq(client.organisationId, stay.organisationId), eq(client.id, stay.clientId)))
    .innerJoin(room, and(eq(room.organisationId, stay.organisationId), eq(room.id, stay.roomId)))
    .innerJoin(roomType, and(eq(roomType.organisationId, room.organisationId), eq(roomType.id, room.roomTypeId)))
    .innerJoin(centre, and(eq(centre.organisationId, room.organisationId), eq(centre.id, room.centreId)))
    .$dynamic();

const iso = (d: Date | string | null) => (d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString());
const m2 = (v: string | null) => fromPaise(paise(v ?? '0'));

export function stayJson(r: StaySelectRow): Stay {
  const s = r.s;
  return {
    id: s.id,
    client: s.clientId,
    client_name: r.clientName,
    client_phone: r.clientPhone,
    room: s.roomId,
    room_number: r.roomNumber,
    room_type: Number(r.roomTypeId),
    room_type_name: r.roomTypeName,
    centre: Number(r.centreId),
    centre_name: r.centreName,
    bed: s.bed,
    check_in: s.checkIn,
    check_out: s.checkOut,
    nights: daysBetween(s.checkIn, s.checkOut),
    rate_basis: s.rateBasis,
    rate: m2(s.rate),
    deposit: m2(s.deposit),
    deposit_status: s.depositStatus,
    deposit_deducted: m2(s.depositDeducted),
    status: s.status,
    checked_in_at: iso(s.checkedInAt),
    checked_out_at: iso(s.checkedOutAt),
    cancelled_at: iso(s.cancelledAt),
    cancel_reason: s.cancelReason,
    previous_stay: s.previousStayId,
    next_stay: r.nextStay === null ? null : Number(r.nextStay),
    billed: m2(r.billed),
    paid: m2(r.paid),
    due: m2(r.due),
    notes: s.notes,
    created_at: iso(s.createdAt)!,
    updated_at: iso(s.updatedAt)!,
  };
}

/** Stays overlapping the window `date_after`…`date_before` (both included). */
export const stayList: ListDefinition<StaySelectRow, Stay> = {
  from: stayFrom,
  fields: stayFields,
  where: (ctx) => eq(stay.organisationId, ctx.organisationId),
  search: [client.name, client.phone, room.number],
  filters: {
    client: { schema: idSchema, where: (v: number) => eq(stay.clientId, v), label: 'Resident' },
    room: { schema: idSchema, where: (v: number) => eq(stay.roomId, v), label: 'Room' },
    room_type: { schema: idSchema, where: (v: number) => eq(room.roomTypeId, v), label: 'Room type', show: showName(roomType) },
    centre: { schema: idSchema, where: (v: number) => eq(room.centreId, v), label: 'Center', show: showName(centre) },
    status: { schema: z.enum(STAY_STATUSES), where: (v: string) => eq(stay.status, v as (typeof STAY_STATUSES)[number]), label: 'Status' },
    rate_basis: {
      schema: z.enum(RATE_BASES),
      where: (v: string) => eq(stay.rateBasis, v as (typeof RATE_BASES)[number]),
      label: 'Rate basis',
    },
    has_due: {
      schema: z.stringbool(),
      where: (v: boolean) => (v ? sql`${dueSql}::numeric > 0` : sql`${dueSql}::numeric = 0`),
      label: 'With dues',
      show: yesNo,
    },
    date_after: { schema: isoDateSchema, where: (v: string) => gt(stay.checkOut, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lt(stay.checkIn, sql`${v}::date + 1`), label: 'To', show: displayDate },
    arriving: { schema: isoDateSchema, where: (v: string) => eq(stay.checkIn, v), label: 'Arriving', show: displayDate },
    departing: { schema: isoDateSchema, where: (v: string) => eq(stay.checkOut, v), label: 'Departing', show: displayDate },
  },
  ordering: {
    id: stay.id,
    check_in: stay.checkIn,
    check_out: stay.checkOut,
    client_name: client.name,
    room_number: room.number,
    created_at: stay.createdAt,
  },
  defaultOrdering: [desc(stay.checkIn)],
  tiebreak: stay.id,
  map: (_tx, _ctx, rows) => rows.map(stayJson),
  export: {
    filename: 'accommodation-stays',
    title: 'Stays',
    columns: [
      { header: 'Resident', value: (s) => s.client_name },
      { header: 'Phone', value: (s) => s.client_phone },
      { header: 'Room', value: (s) => s.room_number },
      { header: 'Bed', value: (s) => s.bed, type: 'number' },
      { header: 'Room type', value: (s) => s.room_type_name },
      { header: 'Check-in', value: (s) => s.check_in, type: 'date' },
      { header: 'Check-out', value: (s) => s.check_out, type: 'date' },
      { header: 'Rate basis', value: (s) => s.rate_basis },
      { header: 'Rate', value: (s) => s.rate, type: 'money' },
      { header: 'Deposit', value: (s) => s.deposit, type: 'money' },
      { header: 'Status', value: (s) => s.status },
      { header: 'Billed', value: (s) => s.billed, type: 'money', total: true },
      { header: 'Paid', value: (s) => s.paid, type: 'money', total: true },
      { header: 'Due', value: (s) => s.due, type: 'money', total: true },
    ],
  },
};

/** Stays by id (the organisation's), as the list shows them. */
export async function staysById(tx: Tx, ctx: Ctx, ids: number[]): Promise<Stay[]> {
  if (!ids.length) return [];
  const rows = (await stayFrom(tx, stayFields).where(
    and(eq(stay.organisationId, ctx.organisationId), inIds(stay.id, ids)),
  )) as StaySelectRow[];
  return rows.map(stayJson);
}

/** One stay with its invoices (404 when not the organisation's). */
export async function stayDetail(tx: Tx, ctx: Ctx, id: number): Promise<StayDetail> {
  const [out] = await staysById(tx, ctx, [id]);
  if (!out) throw notFound();
  const charges = await tx
    .select()
    .from(charge)
    .where(and(eq(charge.organisationId, ctx.organisationId), eq(charge.stayId, id)))
    .orderBy(charge.periodStart, charge.id);
  const invoices: StayDetail['invoices'] = [];
  for (const c of charges) {
    const [inv] = await invoicesOfSource(tx, ctx, { type: CHARGE_SOURCE, id: c.id });
    const open = paise(c.total) - paise(c.credited);
    invoices.push({
      id: inv ? Number(inv.id) : 0,
      number: inv?.number ?? '',
      date: c.date,
      month: c.month,
      period_start: c.periodStart,
      period_end: c.periodEnd,
      total: fromPaise(open),
      paid: m2(c.paid),
      due: fromPaise(Math.max(0, open - paise(c.paid))),
      status: inv?.status ?? '',
    });
  }
  return { ...out, invoices };
}
