/**
 * Creating bookings — from the public portal, the desk and booking subscriptions — with one
 * set of rules: the server recomputes every price and total, refuses past, unavailable,
 * duplicated or foreign slots, and the partial unique index on booked slots makes a double
 * booking impossible whatever races happen: the loser gets a 409 and nothing is written.
 * A booking is three statements whatever it holds (`bookSlots`): throughput follows that number.
 */
import { randomUUID } from 'node:crypto';
import { fromPaise, toPaise, UTR_MESSAGE } from '@arena/contracts';
import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { organisation } from '../../platform/db/schema.js';
import { badRequest, conflict, fieldError, invalidPk, onUnique, tooManyRequests, type FieldErrors } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { displayDate } from '../../platform/time.js';
import { checkDiscountCap } from '../../platform/discount-cap.js';
import { centre, paymentMode, sport } from '../administrator/index.js';
import { slotPrice, total, unavailableReason } from './availability.js';
import { MODULE, SLOT_TAKEN } from './constants.js';
import {
  buyerOf,
  numberSales,
  priceSale,
  receive,
  SELLER_COLUMNS,
  sell,
  sellerOf,
  type PendingSale,
  type SaleNumber,
} from '../money/index.js';
import { bookingJsonFrom, type BookedSlotRow, type BookingInvoice, type BookingRow } from './booking.queries.js';
import type { FacilityRow } from './facility.service.js';
import { numberHeldBy, sameName } from './client.service.js';
import { bookedTimeSlot, booking, bookingClient, facility, timeSlot } from './schema.js';

export interface Contact {
  name: string;
  email: string;
  mobile: string;
}

export interface NewBooking {
  /** The facility, or its id: either way it is read again with the slots, in the booking's one read. */
  facility: FacilityRow | number;
  date: string;
  slotIds: number[];
  source: 'online' | 'desk' | 'subscription';
  client: { id: number } | Contact;
  discount?: string;
  notes?: string;
  /** The staff member the booking is credited to (commission); checked active by the caller. */
  soldBy?: number | null;
  subscriptionId?: number | null;
  payment?: { amount: string; payment_mode: number; reference: string };
  /** The discount was checked against the operate level's cap by the caller (the board's several bookings, on their total). */
  discountCapChecked?: boolean;
  /** Desk and subscriptions may book beyond the online booking window. */
  ignoreWindow?: boolean;
  /** The desk's walk-in rule: a slot of today stays bookable until its end (see `availability.ts`). */
  walkIn?: boolean;
  /** Amounts the client computed; checked against the server's prices when given. */
  expected?: { booking_amount: string; sub_total: string };
  /** Rules of the door on the facility, checked first (the portal: open online, in the chosen centre). */
  checkFacility?: (f: FacilityRow) => void;
  /** Most open online bookings the contact's phone may hold for the date (the portal); held under concurrency. */
  perPhoneLimit?: number;
  /** The desk: a typed contact whose mobile belongs to a client of another name is refused (`checkIdentity`). */
  strictIdentity?: boolean;
}

/** The client's billing details (for the invoice), as every variant of the client CTE returns them. */
const BILLING = sql.raw('gstin, billing_name, billing_address, billing_state');

/**
 * The client of a booking as the first step of a statement: a CTE `c (id)`. By mobile, an upsert
 * on the unique index, so concurrent bookings of one phone meet there and the row lock it takes
 * serialises them until commit (the per-phone limit counts after it); else by e-mail, or a new
 * client; or a known client's id.
 */
function clientCte(organisationId: number, client: NewBooking['client']): SQL {
  if ('id' in client)
    return sql`c as (select id, null::text as name, ${BILLING} from booking_client where organisation_id = ${organisationId}::bigint and id = ${client.id}::bigint)`;
  if (client.mobile)
    return sql`c as (
      insert into booking_client (organisation_id, name, email, mobile) values (${organisationId}::bigint, ${client.name}, ${client.email}, ${client.mobile})
      on conflict (organisation_id, mobile) where mobile <> '' do update
        set updated_at = now(), email = case when booking_client.email = '' then excluded.email else booking_client.email end
      returning id, name, ${BILLING})`;
  if (client.email)
    return sql`found as (
      select id, name, ${BILLING} from booking_client where organisation_id = ${organisationId}::bigint and lower(email) = ${client.email.toLowerCase()} order by id limit 1),
    created as (
      insert into booking_client (organisation_id, name, email, mobile)
      select ${organisationId}::bigint, ${client.name}, ${client.email}, '' where not exists (select 1 from found)
      returning id, name, ${BILLING}),
    c as (select * from found union all select * from created)`;
  return sql`c as (
    insert into booking_client (organisation_id, name, email, mobile) values (${organisationId}::bigint, ${client.name}, ${client.email}, '')
    returning id, name, ${BILLING})`;
}

/**
 * The desk's identity rule, checked on the client row the upsert met (so two desks typing one new
 * number at once meet on the unique index, and the second sees the first's client): a mobile
 * that belongs to a client of another name is refused, never filed under that client silently.
 */
function checkIdentity(client: NewBooking['client'], holderName: unknown): void {
  if ('id' in client || !client.mobile || typeof holderName !== 'string') return;
  if (!sameName(holderName, client.name)) throw numberHeldBy(holderName);
}

/** Finds the client by mobile, then e-mail, or creates one; concurrent calls for one mobile meet on the unique index. */
export async function resolveClient(tx: Tx, ctx: Ctx, contact: Contact, opts: { strictIdentity?: boolean } = {}): Promise<number> {
  const [row] = await queryRows<{ id: string | number; name: string }>(
    tx,
    sql`with ${clientCte(ctx.organisationId, contact)} select id, name from c`,
  );
  if (opts.strictIdentity) checkIdentity(contact, row.name);
  return Number(row.id);
}

/** A row of a raw statement (`returning *`) as drizzle would map it, whichever driver ran it. */
function decodeRow<T extends PgTable>(table: T, raw: Record<string, unknown>, prefix = ''): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[prefix + column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/** A booking just made: its row, its booked slots (by start time), its facility and its invoice, all the API answer needs. */
export interface CreatedBooking {
  row: BookingRow;
  slots: BookedSlotRow[];
  facility: FacilityRow;
  invoice: NonNullable<BookingInvoice>;
  /** Where to go: the centre's (`facility.centreName`) address and contacts, else the organisation's; read with the booking's facts. */
  venue: BookingVenue;
}

export interface BookingVenue {
  address: string;
  phone: string;
  email: string;
}

/** The API JSON of a booking just made, without reading it back. */
export const createdBookingJson = (b: CreatedBooking) => bookingJsonFrom(b.row, b.facility, b.slots, b.invoice);

type TemplateSlotRow = typeof timeSlot.$inferSelect;

/** The server's prices of the slots asked for; field errors for anything that cannot be booked on the date. */
function priceSlots(ctx: Ctx, input: NewBooking, facilityRow: FacilityRow, slots: TemplateSlotRow[]) {
  const errors: FieldErrors = {};
  if (new Set(input.slotIds).size !== input.slotIds.length) errors.time_slots = ['A slot is selected more than once.'];
  const missing = input.slotIds.filter((id) => !slots.some((s) => s.id === id));
  if (missing.length) (errors.time_slots ??= []).push(`These slots do not belong to this facility: ${missing.join(', ')}.`);
  const day = {
    date: input.date,
    today: ctx.now.today,
    time: ctx.now.time,
    advanceDays: input.ignoreWindow ? 3650 : facilityRow.advanceBookingDays,
    walkIn: input.walkIn ?? false,
  };
  for (const s of slots) {
    const reason = unavailableReason(s, day);
    if (reason) (errors.time_slots ??= []).push(`${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)}: ${reason}`);
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  const priced = slots.map((s) => ({ slot: s, price: slotPrice(s, input.date) }));
  return { priced, subTotal: total(priced.map((p) => p.price)) };
}

/**
 * Statement 1 of a booking, read only: the facility with its names, the slots asked for (of the
 * facility, not archived) each with whether it is held on the date, and what the rules need —
 * the client named by id, the payment mode, the phone's open online bookings for the date.
 */
async function readBookingFacts(tx: Tx, ctx: Ctx, input: NewBooking) {
  const organisationId = ctx.organisationId;
  const facilityId = typeof input.facility === 'number' ? input.facility : input.facility.id;
  const clientId = 'id' in input.client ? input.client.id : null;
  const modeId = input.payment && toPaise(input.payment.amount) ? input.payment.payment_mode : null;
  const phone = input.perPhoneLimit !== undefined && !('id' in input.client) && input.client.mobile ? input.client.mobile : null;
  const rows = await tx
    .select({
      f: facility,
      centreName: centre.name,
      centreSeller: SELLER_COLUMNS.centre,
      org: SELLER_COLUMNS.org,
      sportName: sport.name,
      slot: timeSlot,
      taken: sql<boolean>`exists (select 1 from ${bookedTimeSlot} where ${bookedTimeSlot.organisationId} = ${organisationId}
        and ${bookedTimeSlot.facilityId} = ${facility.id} and ${bookedTimeSlot.date} = ${input.date}
        and ${bookedTimeSlot.timeSlotId} = ${timeSlot.id} and ${bookedTimeSlot.isActive})`,
      client: { id: bookingClient.id, name: bookingClient.name, email: bookingClient.email, mobile: bookingClient.mobile },
      mode: { id: paymentMode.id, name: paymentMode.name },
      phoneBookings: phone
        ? sql<number>`(select count(*)::int from ${booking} where ${booking.organisationId} = ${organisationId}
            and ${booking.mobile} = ${phone} and ${booking.date} = ${input.date} and ${booking.source} = 'online' and ${booking.status} in ('confirmed', 'awaiting_payment'))`
        : sql<number>`0`,
    })
    .from(facility)
    .innerJoin(centre, eq(centre.id, facility.centreId))
    .innerJoin(sport, eq(sport.id, facility.sportId))
    .innerJoin(organisation, eq(organisation.id, facility.organisationId))
    .leftJoin(
      timeSlot,
      and(
        eq(timeSlot.organisationId, facility.organisationId),
        eq(timeSlot.facilityId, facility.id),
        inArray(timeSlot.id, input.slotIds),
        isNull(timeSlot.archivedAt),
      ),
    )
    .leftJoin(bookingClient, clientId ? and(eq(bookingClient.organisationId, organisationId), eq(bookingClient.id, clientId)) : sql`false`)
    .leftJoin(
      paymentMode,
      modeId ? and(eq(paymentMode.organisationId, organisationId), eq(paymentMode.id, modeId), eq(paymentMode.isActive, true)) : sql`false`,
    )
    .where(and(eq(facility.organisationId, organisationId), eq(facility.id, facilityId)));

  const errors: FieldErrors = {};
  if (!rows.length) errors.facility = [invalidPk(facilityId)];
  else if (clientId && !rows[0].client) errors.client = [invalidPk(clientId)];
  if (Object.keys(errors).length) throw badRequest(errors);
  const first = rows[0];
  return {
    facility: { ...first.f, centreName: first.centreName, sportName: first.sportName } satisfies FacilityRow,
    slots: rows.flatMap((r) => (r.slot ? [r.slot] : [])),
    taken: rows.some((r) => r.slot && r.taken),
    client: first.client,
    mode: first.mode,
    phone,
    phoneBookings: first.phoneBookings,
    ...sellerOf({ org: first.org, centre: first.centreSeller }),
    venue: {
      address: [first.centreSeller.address, first.centreSeller.city].filter(Boolean).join(', ') || first.org.address,
      phone: first.centreSeller.phone || first.org.phone,
      email: first.centreSeller.email || first.org.email,
    },
  };
}

/**
 * Books slots in three statements: (1) one read of everything the rules need, checked here;
 * (2) one write of the client, the booking under a provisional code, its slots (the partial
 * unique index refuses a slot someone holds) and the payment; (3) just before commit, the
 * readable number with the code and the audit rows — so the counter's row lock is held only for
 * the end of the transaction and a request that loses the race for a slot never waits for it.
 */
export async function bookSlots(tx: Tx, ctx: Ctx, input: NewBooking): Promise<CreatedBooking> {
  const pending = await bookUnnumbered(tx, ctx, input);
  const [numbered] = await numberBookings(tx, ctx, [pending], pending.phone);
  return numbered;
}

/** Steps 1 and 2 of `bookSlots`: the booking under its provisional code; `numberBookings` (step 3) numbers it, alone or with others. */
export async function bookUnnumbered(tx: Tx, ctx: Ctx, input: NewBooking): Promise<PendingBooking> {
  const organisationId = ctx.organisationId;
  const facts = await readBookingFacts(tx, ctx, input);
  const f = facts.facility;
  input.checkFacility?.(f);
  if (facts.phone && facts.phoneBookings >= input.perPhoneLimit!) throw phoneLimit(facts.phoneBookings);
  const { priced, subTotal } = priceSlots(ctx, input, f, facts.slots);
  if (input.expected) {
    const errors: FieldErrors = {};
    const message = `The amount does not match the current price of the selected slots (${subTotal}). Please reload and try again.`;
    if (toPaise(input.expected.sub_total) !== toPaise(subTotal)) errors.sub_total = [message];
    if (toPaise(input.expected.booking_amount) !== toPaise(subTotal)) errors.booking_amount = [message];
    if (Object.keys(errors).length) throw badRequest(errors);
  }
  // Fast path for the common race: a slot someone already holds. The unique index is the guarantee.
  if (facts.taken) throw conflict(SLOT_TAKEN);
  const discount = input.discount ?? '0.00';
  if ((toPaise(discount) ?? 0) > (toPaise(subTotal) ?? 0)) throw fieldError('discount', 'The discount cannot exceed the slot total.');
  // A user who only operates Booking Management gives at most the organisation's cap (issue 21).
  if (input.source === 'desk' && !input.discountCapChecked) checkDiscountCap(ctx, MODULE, discount, subTotal);
  const amount = fromPaise((toPaise(subTotal) ?? 0) - (toPaise(discount) ?? 0));
  const paying = input.payment && toPaise(input.payment.amount) ? input.payment : null;
  if (paying && (toPaise(paying.amount) ?? 0) > (toPaise(amount) ?? 0))
    throw fieldError('payment.amount', `The payment cannot exceed the booking amount (${amount}).`);
  if (paying && !facts.mode) throw fieldError('payment_mode', invalidPk(paying.payment_mode));
  const payment = paying && facts.mode ? { ...paying, mode: facts.mode } : null;

  const contact: Contact = 'id' in input.client ? facts.client! : input.client;
  // The sale's tax invoice, priced with it and written with its number in `numberBookings`.
  const slotTimes = priced.map((p) => `${p.slot.startTime.slice(0, 5)}–${p.slot.endTime.slice(0, 5)}`).join(', ');
  const lines = [
    {
      description: `${f.sportName} - ${f.name}, ${displayDate(input.date)} (${slotTimes})`,
      sacCode: f.sacCode,
      unitPrice: subTotal,
      discount,
      rates: f.gstRates,
    },
  ];
  const seller = { seller: facts.seller, placeOfSupply: facts.placeOfSupply, series: facts.series };
  const { tax } = priceSale(ctx.now.today, seller, lines);
  const slotValues = sql.join(
    priced.map((p) => sql`(${p.slot.id}::bigint, ${p.slot.startTime}::time, ${p.slot.endTime}::time, ${p.price}::numeric)`),
    sql`, `,
  );
  const written = await queryRows<Record<string, unknown>>(
    tx,
    sql`with ${clientCte(organisationId, input.client)},
      b as (
        insert into booking (organisation_id, code, centre_id, facility_id, client_id, subscription_id, date, source, name, email, mobile,
                             sub_total, discount, tax, booking_amount, paid_amount, notes, sold_by, created_by)
        select ${organisationId}::bigint, ${`PENDING-${randomUUID()}`}, ${f.centreId}::bigint, ${f.id}::bigint, c.id, ${input.subscriptionId ?? null}::bigint,
               ${input.date}::date, ${input.source}, ${contact.name}, ${contact.email}, ${contact.mobile},
               ${subTotal}::numeric, ${discount}::numeric, ${tax}::numeric, ${amount}::numeric, 0::numeric,
               ${input.notes ?? ''}, ${input.soldBy ?? null}::bigint, ${ctx.actor.actorId}::bigint
        from c
        returning *),
      s as (
        insert into booked_time_slot (organisation_id, booking_id, facility_id, time_slot_id, date, start_time, end_time, price)
        select b.organisation_id, b.id, b.facility_id, v.time_slot_id, b.date, v.start_time, v.end_time, v.price
        from b cross join (values ${slotValues}) as v (time_slot_id, start_time, end_time, price)
        returning *)
      select b.*, s.id as slot_id, s.booking_id as slot_booking_id, s.facility_id as slot_facility_id, s.time_slot_id as slot_time_slot_id,
             s.date as slot_date, s.start_time as slot_start_time, s.end_time as slot_end_time, s.price as slot_price,
             s.is_active as slot_is_active, s.organisation_id as slot_organisation_id, (select name from c) as client_name,
             (select gstin from c) as client_gstin, (select billing_name from c) as client_billing_name,
             (select billing_address from c) as client_billing_address, (select billing_state from c) as client_billing_state
      from b join s on s.booking_id = b.id`,
  );
  // Only a client named by id can be missing here (deleted since the read).
  if (!written.length) throw fieldError('client', invalidPk('id' in input.client ? input.client.id : null));
  if (input.strictIdentity) checkIdentity(input.client, written[0].client_name);
  const row = decodeRow(booking, written[0]);
  const slots = written
    .map((r) => decodeRow(bookedTimeSlot, r, 'slot_'))
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id - b.id);
  const sale = await sell(tx, ctx, {
    source: { type: 'booking', id: row.id, number: bookingNumber(ctx.now.today) },
    // Court time is supplied where the court is (IGST Act s.12(3)): the place of supply stays the centre's.
    buyer: buyerOf(
      { name: row.name, phone: row.mobile, email: row.email },
      {
        gstin: String(written[0].client_gstin ?? ''),
        billingName: String(written[0].client_billing_name ?? ''),
        billingAddress: String(written[0].client_billing_address ?? ''),
        billingState: String(written[0].client_billing_state ?? ''),
      },
    ),
    lines,
    payments: payment ? [{ amount: payment.amount, paymentMode: payment.mode, reference: payment.reference }] : [],
    centre: f.centreId,
    seller,
    audit: {
      resource: 'booking',
      codeKey: 'code',
      after: {
        date: input.date,
        facility: `${f.sportName} - ${f.name}`,
        source: input.source,
        slots: input.slotIds,
        amount,
        ...(payment ? { payment: { amount: payment.amount, payment_mode: payment.mode.name, reference: payment.reference } } : {}),
      },
    },
    auditMoney: false,
  });
  return {
    row,
    slots,
    facility: f,
    venue: facts.venue,
    sale,
    phone: facts.phone ? { mobile: facts.phone, date: input.date, max: input.perPhoneLimit! } : undefined,
  };
}

/** The readable number a booking made today gets: `BK-2026-000311`, from the year's counter. */
export const bookingNumber = (today: string): SaleNumber => ({
  series: `booking:${today.slice(0, 4)}`,
  prefix: `BK-${today.slice(0, 4)}-`,
  digits: 6,
});

/** The code of the `n`th booking of a day's year, as `numberBookings` gives it (the demo seed numbers its history with it). */
export function bookingCode(day: string, n: number): string {
  const { prefix, digits } = bookingNumber(day);
  return `${prefix}${String(n).padStart(digits, '0')}`;
}

/** A booking made under its provisional code, with the audit rows `numberBookings` writes once the code is known. */
export interface PendingBooking extends Omit<CreatedBooking, 'invoice'> {
  /** The sale: invoice, payment, audit row — written with the number. */
  sale: PendingSale;
  /** The per-phone limit to hold when it is numbered (online bookings). */
  phone?: PhoneLimit;
}

/** At most `max` open online bookings of the phone `mobile` on `date`. */
export interface PhoneLimit {
  mobile: string;
  date: string;
  max: number;
}

const phoneLimit = (n: number) =>
  tooManyRequests(`This phone number already has ${n} open online bookings for this date. Please call the centre to book more.`);

/**
 * The last statement of a booking transaction: takes the next readable numbers of the year's
 * counter (BK-2026-000311; gapless, since they roll back with the transaction), gives the
 * bookings their codes and writes their audit rows. Run just before commit, so the counter's
 * row lock is held only for the end of the transaction. With `phone`, the phone's open
 * online bookings for the date are counted first, after the client row lock the booking took:
 * concurrent bookings of one phone see each other, and one over the limit takes no number (429).
 */
export async function numberBookings(tx: Tx, ctx: Ctx, bookings: PendingBooking[], phone?: PhoneLimit): Promise<CreatedBooking[]> {
  if (!bookings.length) return [];
  const pending = bookings.map((b) => b.sale);
  const sold = phone
    ? await numberSales(tx, ctx, pending, {
        with: sql`n as (select count(*)::int as n from ${booking} where ${booking.organisationId} = ${ctx.organisationId}::bigint
                  and ${booking.mobile} = ${phone.mobile} and ${booking.date} = ${phone.date}::date and ${booking.source} = 'online'
                  and ${booking.status} in ('confirmed', 'awaiting_payment'))`,
        holds: sql`(select n from n) <= ${phone.max}::int`,
        value: sql`(select n from n)`,
      })
    : await numberSales(tx, ctx, pending);
  if (!Array.isArray(sold)) throw phoneLimit(Math.max(0, sold.refused - 1));
  return bookings.map(({ row, slots, facility: f, venue }, i) => ({
    row: { ...row, code: sold[i].source.label, paidAmount: sold[i].paid },
    slots,
    facility: f,
    venue,
    invoice: sold[i].invoice,
  }));
}

/** Creates a booking (see `bookSlots`) and returns its row. */
export async function createBooking(tx: Tx, ctx: Ctx, input: NewBooking): Promise<BookingRow> {
  return (await bookSlots(tx, ctx, input)).row;
}

/** Runs booking work and turns a lost race for a slot into a clear 409. */
export function guardSlotRace<T>(work: () => Promise<T>): Promise<T> {
  return work().catch(
    onUnique({
      booked_time_slot_active_key: () => conflict(SLOT_TAKEN),
      ledger_entry_utr_key: { field: 'reference', message: UTR_MESSAGE },
    }),
  );
}

export interface PaymentInput {
  amount: string;
  payment_mode: number;
  reference: string;
  paid_on?: string;
}

/** Records a payment against a booking through the ledger (receipt, paid amounts of the booking and its invoice, audit). */
export async function addPayment(tx: Tx, ctx: Ctx, row: BookingRow, payment: PaymentInput): Promise<BookingRow> {
  if (row.status === 'cancelled') throw conflict('A cancelled booking cannot take payments.');
  await receive(
    tx,
    ctx,
    { type: 'booking', id: row.id },
    { amount: payment.amount, paymentMode: payment.payment_mode, reference: payment.reference, date: payment.paid_on },
  );
  const [updated] = await tx
    .select()
    .from(booking)
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, row.id)));
  return updated;
}
