/**
 * Stays: reserve a bed, check in (the deposit is taken, a monthly stay's first month billed),
 * check out (a nightly stay billed for the nights stayed, a monthly stay's last month credited for
 * the days not stayed, the deposit refunded or set against the bill), move to another bed (the old
 * stay ends today, a new one starts today), cancel, and take payments. The bed's dates are the
 * database's to guard: the exclusion constraint refuses an overlap, and it is answered as a field
 * error here.
 */
import { fromPaise, paise, type GstRatePeriod } from '@arena/contracts';
import {
  BED_TAKEN_MESSAGE,
  type bookingInputSchema,
  type bookingUpdateSchema,
  type changeRoomInputSchema,
  type checkInInputSchema,
  type checkOutInputSchema,
  type stayPaymentInputSchema,
} from '@arena/contracts/accommodation';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, conflict, fieldError, invalidPk, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays, daysBetween, monthOf } from '../../platform/time.js';
import {
  activeMode,
  creditSale,
  holdMoney,
  invoicesOfSource,
  keepHeld,
  numberSales,
  receive,
  sell,
  type HeldMoney,
  type PendingSale,
} from '../money/index.js';
import { CHARGE_SOURCE, DEDUCTION_CATEGORY, DEPOSIT_CATEGORY, DEPOSIT_SOURCE, MODULE } from './constants.js';
import { charge, client, room, roomType, stay } from './schema.js';
import { readSettings } from './settings.service.js';

type StayRow = typeof stay.$inferSelect;
type BookingInput = z.output<typeof bookingInputSchema>;

const EXCLUSION = 'accommodation_stay_no_overlap';
const BILL_MAX_PAISE = 1_000_000_000;

/** The database's refusal of an overlap, as a field error on `field` (others pass through). */
export function onOverlap(field = 'bed'): (err: unknown) => never {
  return (err) => {
    let e = err as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown };
    for (let i = 0; i < 5 && e && e.code === undefined && e.cause; i++) e = e.cause as typeof e;
    if (e?.code === '23P01' && (e.constraint ?? e.constraint_name ?? EXCLUSION) === EXCLUSION) throw fieldError(field, BED_TAKEN_MESSAGE);
    throw err;
  };
}

/** A room of the organisation with its type, or a 400 on `field`. */
async function roomOf(tx: Tx, ctx: Ctx, id: number, field = 'room') {
  const [row] = await tx
    .select({ room, type: roomType })
    .from(room)
    .innerJoin(roomType, and(eq(roomType.organisationId, room.organisationId), eq(roomType.id, room.roomTypeId)))
    .where(and(eq(room.organisationId, ctx.organisationId), eq(room.id, id)));
  if (!row) throw fieldError(field, invalidPk(id));
  return row;
}

async function clientOf(tx: Tx, ctx: Ctx, id: number, field = 'client') {
  const [row] = await tx
    .select()
    .from(client)
    .where(and(eq(client.organisationId, ctx.organisationId), eq(client.id, id)));
  if (!row) throw fieldError(field, invalidPk(id));
  return row;
}

/** The stay, locked for the change (404 when it is not the organisation's). */
export async function lockStay(tx: Tx, ctx: Ctx, id: number): Promise<StayRow> {
  const [row] = await tx
    .select()
    .from(stay)
    .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

function checkBed(bed: number, beds: number, field = 'bed') {
  if (bed > beds) throw fieldError(field, `This room has beds 1 to ${beds}.`);
}

function checkRoomOpen(status: string, field = 'room') {
  if (status !== 'available')
    throw fieldError(field, `This room is ${status === 'maintenance' ? 'under maintenance' : 'closed'}: it takes no stays.`);
}

const audit = (tx: Tx, ctx: Ctx, id: number, label: string, action: 'create' | 'update' | 'action', after: unknown, before?: unknown) =>
  record(tx, ctx.actor, { module: MODULE, resource: 'accommodation_stay', objectId: id, label, action, after, before });

const stayLabel = (s: { id: number }, roomNumber: string, bed: number) => `Stay ${s.id} · ${roomNumber} bed ${bed}`;

/** A new stay (reserved). The rate and deposit default to the room type's (the deposit as the settings say). */
export async function createStay(
  tx: Tx,
  ctx: Ctx,
  input: BookingInput,
  extra: { previousStayId?: number; status?: StayRow['status'] } = {},
) {
  const c = await clientOf(tx, ctx, input.client);
  if (!c.isActive) throw fieldError('client', 'This resident is inactive.');
  const r = await roomOf(tx, ctx, input.room);
  checkRoomOpen(r.room.status);
  checkBed(input.bed, r.type.bedsPerRoom);
  const s = await readSettings(tx, ctx);
  const rate = input.rate ?? (input.rate_basis === 'nightly' ? r.type.ratePerNight : r.type.ratePerMonth);
  const takesDeposit = s.depositRequired && (input.rate_basis === 'monthly' || s.depositForNightly);
  const deposit = input.deposit ?? (takesDeposit ? r.type.deposit : '0');
  // A bill stays within what the books hold (₹1,00,00,000 a stay's bill at most).
  if (input.rate_basis === 'nightly' && daysBetween(input.check_in, input.check_out) * paise(rate) > BILL_MAX_PAISE)
    throw fieldError('rate', 'This stay would bill more than ₹1,00,00,000: shorten it or bill it monthly.');
  const [row] = await tx
    .insert(stay)
    .values({
      organisationId: ctx.organisationId,
      clientId: c.id,
      roomId: r.room.id,
      bed: input.bed,
      checkIn: input.check_in,
      checkOut: input.check_out,
      rateBasis: input.rate_basis,
      rate: fromPaise(paise(rate)),
      deposit: fromPaise(paise(deposit)),
      status: extra.status ?? 'reserved',
      previousStayId: extra.previousStayId ?? null,
      notes: input.notes ?? '',
      createdBy: ctx.actor.actorId,
    })
    .returning()
    .catch(onOverlap('bed'));
  await audit(tx, ctx, row.id, stayLabel(row, r.room.number, row.bed), 'create', {
    client: c.name,
    room: r.room.number,
    bed: row.bed,
    check_in: row.checkIn,
    check_out: row.checkOut,
    rate_basis: row.rateBasis,
    rate: row.rate,
    deposit: row.deposit,
  });
  return row;
}

/** A reserved stay's dates, bed, rate or deposit; any stay's notes. */
export async function updateStay(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof bookingUpdateSchema>) {
  const before = await lockStay(tx, ctx, id);
  const changesBooking =
    input.bed !== undefined ||
    input.check_in !== undefined ||
    input.check_out !== undefined ||
    input.rate !== undefined ||
    input.deposit !== undefined;
  if (changesBooking && before.status !== 'reserved') throw badRequest('Only a reserved stay can change its dates, bed, rate or deposit.');
  const checkIn = input.check_in ?? before.checkIn;
  const checkOut = input.check_out ?? before.checkOut;
  if (checkOut <= checkIn) throw fieldError('check_out', 'Check-out must be after check-in.');
  if (daysBetween(checkIn, checkOut) > 1096) throw fieldError('check_out', 'A stay can be at most 1096 days.');
  const r = await roomOf(tx, ctx, before.roomId);
  if (input.bed !== undefined) checkBed(input.bed, r.type.bedsPerRoom);
  const [row] = await tx
    .update(stay)
    .set({
      bed: input.bed,
      checkIn,
      checkOut,
      rate: input.rate,
      deposit: input.deposit,
      notes: input.notes,
      updatedAt: new Date(),
    })
    .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, id)))
    .returning()
    .catch(onOverlap(input.bed !== undefined ? 'bed' : 'check_in'));
  await audit(tx, ctx, id, stayLabel(row, r.room.number, row.bed), 'update', input, {
    bed: before.bed,
    check_in: before.checkIn,
    check_out: before.checkOut,
    rate: before.rate,
    deposit: before.deposit,
  });
  return row;
}

// ---- billing ----

const daysInMonth = (month: string) => daysBetween(`${month}-01`, addDays(monthOf(`${month}-01`).to, 1));
const nextMonthStart = (month: string) => addDays(monthOf(`${month}-01`).to, 1);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** What a monthly stay's month bills: the month's rate for a whole month, its share by days otherwise (to the paisa). */
export function monthlyAmount(rate: string, month: string, start: string, end: string): number {
  const days = daysBetween(start, end);
  const all = daysInMonth(month);
  return days >= all ? paise(rate) : Math.round((paise(rate) * days) / all);
}

interface StayFacts {
  row: StayRow;
  roomNumber: string;
  typeName: string;
  centreId: number;
  gstRates: GstRatePeriod[];
  sacCode: string;
  clientName: string;
  clientPhone: string;
  clientEmail: string;
  clientAddress: string;
}

async function factsOf(tx: Tx, ctx: Ctx, row: StayRow): Promise<StayFacts> {
  const r = await roomOf(tx, ctx, row.roomId);
  const c = await clientOf(tx, ctx, row.clientId);
  return {
    row,
    roomNumber: r.room.number,
    typeName: r.type.name,
    centreId: r.room.centreId,
    gstRates: r.type.gstRates,
    sacCode: r.type.sacCode || '996311',
    clientName: c.name,
    clientPhone: c.phone,
    clientEmail: c.email,
    clientAddress: c.address,
  };
}

/**
 * Writes a bill of the stay (`month` '' for a nightly stay's one bill) and sells it: its invoice
 * numbered in the same transaction. Once per stay and month: a second call (a job run twice, on
 * two instances) finds the unique key taken and writes nothing. Returns the charge id or null.
 */
export async function billStay(
  tx: Tx,
  ctx: Ctx,
  f: StayFacts,
  bill: { month: string; start: string; end: string; amountPaise: number; quantity: number; unitPrice: string; description: string },
): Promise<number | null> {
  if (bill.amountPaise <= 0) return null;
  const label = `${f.roomNumber}/${f.row.bed} ${bill.month ? monthName(bill.month) : 'stay'} #${f.row.id}`;
  const [row] = await tx
    .insert(charge)
    .values({
      organisationId: ctx.organisationId,
      stayId: f.row.id,
      month: bill.month,
      periodStart: bill.start,
      periodEnd: bill.end,
      date: ctx.now.today,
      label,
      party: f.clientName,
      centreId: f.centreId,
      total: fromPaise(bill.amountPaise),
    })
    .onConflictDoNothing()
    .returning({ id: charge.id });
  if (!row) return null;
  const pending: PendingSale = await sell(tx, ctx, {
    source: { type: CHARGE_SOURCE, id: row.id, label },
    buyer: { name: f.clientName, phone: f.clientPhone, email: f.clientEmail, address: f.clientAddress },
    lines: [{ description: bill.description, sacCode: f.sacCode, quantity: bill.quantity, unitPrice: bill.unitPrice, rates: f.gstRates }],
    centre: f.centreId,
  });
  // The bill is what its invoice totals (a tax-inclusive price times the quantity, as invoices round it).
  if (paise(pending.built.total) !== bill.amountPaise)
    await tx
      .update(charge)
      .set({ total: pending.built.total })
      .where(and(eq(charge.organisationId, ctx.organisationId), eq(charge.id, row.id)));
  await numberSales(tx, ctx, [pending]);
  return row.id;
}

/**
 * Bills a monthly stay's `month` (the days of the stay in it), once. A stay still checked in on or
 * after its planned check-out stays on month by month: a month that starts after the planned
 * check-out is billed whole, and the check-out credits the days after the resident leaves.
 */
export async function billMonth(tx: Tx, ctx: Ctx, f: StayFacts, month: string): Promise<number | null> {
  const from = `${month}-01`;
  const start = f.row.checkIn > from ? f.row.checkIn : from;
  const next = nextMonthStart(month);
  const overstaying = f.row.status === 'checked_in' && f.row.checkOut <= from;
  const end = overstaying || f.row.checkOut >= next ? next : f.row.checkOut;
  if (end <= start) return null;
  const amount = monthlyAmount(f.row.rate, month, start, end);
  const whole = amount === paise(f.row.rate);
  return billStay(tx, ctx, f, {
    month,
    start,
    end,
    amountPaise: amount,
    quantity: 1,
    unitPrice: fromPaise(amount),
    description: `${f.typeName}, room ${f.roomNumber} bed ${f.row.bed}: ${monthName(month)}${whole ? '' : ` (${daysBetween(start, end)} of ${daysInMonth(month)} days)`}`,
  });
}

/** The charges of a stay with what they still charge. */
async function chargesOf(tx: Tx, ctx: Ctx, stayId: number) {
  return tx
    .select()
    .from(charge)
    .where(and(eq(charge.organisationId, ctx.organisationId), eq(charge.stayId, stayId)))
    .orderBy(asc(charge.periodStart), asc(charge.id));
}
const dueOf = (c: typeof charge.$inferSelect) => paise(c.total) - paise(c.credited) - paise(c.paid);

/** Pays a stay's charges oldest first; more than is due is a 400 on `field`. */
async function payCharges(
  tx: Tx,
  ctx: Ctx,
  stayId: number,
  p: { amount: string; payment_mode: number; reference?: string; notes?: string },
  field = 'amount',
) {
  const charges = await chargesOf(tx, ctx, stayId);
  const due = charges.reduce((n, c) => n + Math.max(0, dueOf(c)), 0);
  let left = paise(p.amount);
  if (left > due) throw fieldError(field, `The amount exceeds the due amount (${fromPaise(due)}).`);
  for (const c of charges) {
    if (left <= 0) break;
    const share = Math.min(left, dueOf(c));
    if (share <= 0) continue;
    await receive(
      tx,
      ctx,
      { type: CHARGE_SOURCE, id: c.id },
      { amount: fromPaise(share), paymentMode: p.payment_mode, reference: p.reference, notes: p.notes },
    );
    left -= share;
  }
}

/** Gives back by credit note what the monthly stay's charges bill after `end` (an early check-out, a room change). */
async function creditAfter(tx: Tx, ctx: Ctx, f: StayFacts, end: string) {
  for (const c of await chargesOf(tx, ctx, f.row.id)) {
    if (c.periodEnd <= end) continue;
    const kept = c.periodStart >= end ? 0 : monthlyAmount(f.row.rate, c.month, c.periodStart, end);
    const back = paise(c.total) - paise(c.credited) - Math.min(kept, paise(c.total));
    if (back <= 0) continue;
    const invoices = await invoicesOfSource(tx, ctx, { type: CHARGE_SOURCE, id: c.id });
    await creditSale(tx, ctx, invoices, back, `Checked out on ${end}`, { description: `Days not stayed after ${end}` });
    await tx
      .update(charge)
      .set({ credited: fromPaise(paise(c.credited) + back), periodEnd: end > c.periodStart ? end : c.periodStart, updatedAt: new Date() })
      .where(and(eq(charge.organisationId, ctx.organisationId), eq(charge.id, c.id)));
  }
}

/**
 * Deposit money on the ledger: a liability (money held for the resident, see constants), never
 * income — `receipt` takes it, `refund` gives it back or sets it against the bill, `kept` turns a
 * deduction into income (the cash does not move).
 */
async function depositMovement(
  tx: Tx,
  ctx: Ctx,
  f: StayFacts,
  kind: 'receipt' | 'refund' | 'kept',
  amount: number,
  modeId: number,
  reference = '',
  notes = '',
) {
  if (amount <= 0) return;
  const held: HeldMoney = {
    category: DEPOSIT_CATEGORY,
    amount: fromPaise(amount),
    paymentMode: modeId,
    reference,
    module: MODULE,
    source: { type: DEPOSIT_SOURCE, id: f.row.id, label: `Deposit · ${f.roomNumber}/${f.row.bed} #${f.row.id}` },
    party: f.clientName,
    centreId: f.centreId,
    notes,
  };
  if (kind === 'kept') await keepHeld(tx, ctx, { ...held, income: DEDUCTION_CATEGORY });
  else await holdMoney(tx, ctx, kind, held);
}

// ---- the desk's actions ----

/** Checks a reserved stay in, on or after its check-in day and before its check-out; takes the deposit; bills a monthly stay's month. */
export async function checkIn(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof checkInInputSchema>) {
  const row = await lockStay(tx, ctx, id);
  if (row.status !== 'reserved') throw conflict(`This stay is ${row.status.replace('_', ' ')}: only a reserved stay checks in.`);
  const today = ctx.now.today;
  if (today < row.checkIn) throw badRequest(`This stay starts on ${row.checkIn}: it cannot check in before.`);
  if (today >= row.checkOut) throw badRequest('This stay has ended: cancel it or reserve new dates.');
  const f = await factsOf(tx, ctx, row);
  const r = await roomOf(tx, ctx, row.roomId);
  checkRoomOpen(r.room.status);
  const deposit = paise(row.deposit);
  let modeId: number | null = null;
  if (deposit > 0) {
    if (!input.deposit_payment_mode) throw fieldError('deposit_payment_mode', `Choose how the deposit of ₹${row.deposit} is paid.`);
    modeId = (await activeMode(tx, ctx, input.deposit_payment_mode)).id;
  }
  const [after] = await tx
    .update(stay)
    .set({
      status: 'checked_in',
      checkedInAt: ctx.now.instant,
      depositStatus: deposit > 0 ? 'held' : 'none',
      depositModeId: modeId,
      updatedAt: new Date(),
    })
    .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, id)))
    .returning();
  if (modeId) await depositMovement(tx, ctx, f, 'receipt', deposit, modeId, input.reference, 'Deposit taken at check-in');
  if (after.rateBasis === 'monthly') await billMonth(tx, ctx, { ...f, row: after }, today.slice(0, 7));
  await audit(tx, ctx, id, stayLabel(after, f.roomNumber, after.bed), 'action', { action: 'check_in', deposit: row.deposit });
  return after;
}

/** What checking out on `date` would bill: nights stayed, the charges after it, paid, the deposit. */
export async function checkOutQuote(tx: Tx, ctx: Ctx, id: number, date = ctx.now.today) {
  const [row] = await tx
    .select()
    .from(stay)
    .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, id)));
  if (!row) throw notFound();
  const end = leaveDay(row, date);
  const charges = await chargesOf(tx, ctx, id);
  let charged = 0;
  if (row.rateBasis === 'nightly')
    charged = charges.length
      ? charges.reduce((n, c) => n + paise(c.total) - paise(c.credited), 0)
      : daysBetween(row.checkIn, end) * paise(row.rate);
  else
    for (const c of charges) {
      const open = paise(c.total) - paise(c.credited);
      charged +=
        c.periodEnd <= end ? open : c.periodStart >= end ? 0 : Math.min(open, monthlyAmount(row.rate, c.month, c.periodStart, end));
    }
  const paid = charges.reduce((n, c) => n + paise(c.paid), 0);
  return {
    date,
    early: end < row.checkOut,
    nights: daysBetween(row.checkIn, end),
    charges: fromPaise(charged),
    billed: fromPaise(charges.reduce((n, c) => n + paise(c.total) - paise(c.credited), 0)),
    paid: fromPaise(paid),
    deposit: row.depositStatus === 'held' ? row.deposit : '0.00',
    due: fromPaise(Math.max(0, charged - paid)),
  };
}

/** The stay's last day (exclusive) when it leaves on `date`: at least one night. */
const leaveDay = (row: StayRow, date: string) => (date <= row.checkIn ? addDays(row.checkIn, 1) : date);

/** Checks a stay out today: see the file's comment. */
export async function checkOut(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof checkOutInputSchema>) {
  const row = await lockStay(tx, ctx, id);
  if (row.status !== 'checked_in') throw conflict(`This stay is ${row.status.replace('_', ' ')}: only a checked-in stay checks out.`);
  const end = leaveDay(row, ctx.now.today);
  const deposit = row.depositStatus === 'held' ? paise(row.deposit) : 0;
  const deductions = paise(input.deductions);
  if (deductions > deposit) throw fieldError('deductions', `At most the deposit held (₹${fromPaise(deposit)}).`);
  const [after] = await tx
    .update(stay)
    .set({ checkOut: end, status: 'checked_out', checkedOutAt: new Date(), updatedAt: new Date() })
    .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, id)))
    .returning()
    .catch(onOverlap('check_out'));
  const f = await factsOf(tx, ctx, after);
  await closeBill(tx, ctx, f);
  // The deposit: deductions kept (income), set against what is due (adjust), the rest — or all of it (refund) — given back.
  if (deposit > 0) {
    const mode = row.depositModeId!;
    await depositMovement(tx, ctx, f, 'kept', deductions, mode, '', input.deduction_reason || 'Kept from the deposit at check-out');
    let back = deposit - deductions;
    if (input.deposit_action === 'adjust' && back > 0) {
      const due = (await chargesOf(tx, ctx, id)).reduce((n, c) => n + Math.max(0, dueOf(c)), 0);
      const set = Math.min(back, due);
      if (set > 0) {
        await depositMovement(tx, ctx, f, 'refund', set, mode, '', 'Deposit set against the bill');
        await payCharges(tx, ctx, id, { amount: fromPaise(set), payment_mode: mode, notes: 'Paid from the deposit' }, 'deposit_action');
        back -= set;
      }
    }
    if (back > 0) {
      const refundMode = input.refund_payment_mode ?? mode;
      await activeMode(tx, ctx, refundMode).catch(() => {
        throw fieldError('refund_payment_mode', invalidPk(refundMode));
      });
      await depositMovement(tx, ctx, f, 'refund', back, refundMode, '', 'Deposit refunded at check-out');
    }
    await tx
      .update(stay)
      .set({ depositStatus: input.deposit_action === 'adjust' ? 'adjusted' : 'refunded', depositDeducted: fromPaise(deductions) })
      .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, id)));
    if (deductions > 0)
      await record(tx, ctx.actor, {
        module: MODULE,
        resource: 'accommodation_stay',
        objectId: id,
        label: stayLabel(after, f.roomNumber, after.bed),
        action: 'action',
        after: { deposit_deducted: fromPaise(deductions), reason: input.deduction_reason },
      });
  }
  if (input.payment) await payCharges(tx, ctx, id, input.payment, 'payment.amount');
  await audit(tx, ctx, id, stayLabel(after, f.roomNumber, after.bed), 'action', {
    action: 'check_out',
    check_out: end,
    early: end < row.checkOut,
    deposit_action: deposit > 0 ? input.deposit_action : null,
  });
  return after;
}

/** The bill of a stay that ends on its (new) check-out: a nightly stay's nights, a monthly stay's days after it credited. */
async function closeBill(tx: Tx, ctx: Ctx, f: StayFacts) {
  const end = f.row.checkOut;
  if (f.row.rateBasis === 'nightly') {
    const nights = daysBetween(f.row.checkIn, end);
    await billStay(tx, ctx, f, {
      month: '',
      start: f.row.checkIn,
      end,
      amountPaise: nights * paise(f.row.rate),
      quantity: nights,
      unitPrice: f.row.rate,
      description: `${f.typeName}, room ${f.roomNumber} bed ${f.row.bed}: ${nights} night${nights === 1 ? '' : 's'} from ${f.row.checkIn}`,
    });
    return;
  }
  // What was billed after the day the resident leaves is credited: an early check-out's, or an
  // overstay's month billed whole by the job. Then every month of the stay without a bill (one the
  // job did not reach, the month it stayed on into) is billed for its days.
  await creditAfter(tx, ctx, f, end);
  for (let month = f.row.checkIn.slice(0, 7); month <= addDays(end, -1).slice(0, 7); month = nextMonthStart(month).slice(0, 7))
    await billMonth(tx, ctx, f, month);
}

/** Moves a checked-in stay to another bed from today (or a reserved one, in place of the old). */
export async function changeRoom(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof changeRoomInputSchema>) {
  const old = await lockStay(tx, ctx, id);
  if (old.status !== 'checked_in' && old.status !== 'reserved')
    throw conflict(`This stay is ${old.status.replace('_', ' ')}: it cannot move.`);
  if (old.roomId === input.room && old.bed === input.bed) throw fieldError('bed', 'This is the stay’s own bed.');
  const today = ctx.now.today;
  const start = old.status === 'reserved' || today < old.checkIn ? old.checkIn : today;
  if (start >= old.checkOut) throw badRequest('This stay has ended.');
  const sameDay = start === old.checkIn;
  // The old stay ends today (checked out) or, when it has not begun, is cancelled: its bed is free from today.
  const [ended] = await tx
    .update(stay)
    .set(
      sameDay
        ? { status: 'cancelled', cancelledAt: new Date(), cancelReason: 'Moved to another bed', updatedAt: new Date() }
        : { status: 'checked_out', checkOut: start, checkedOutAt: new Date(), updatedAt: new Date() },
    )
    .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, id)))
    .returning();
  const f = await factsOf(tx, ctx, ended);
  if (old.status === 'checked_in') {
    if (sameDay) await creditAfter(tx, ctx, f, old.checkIn);
    else await closeBill(tx, ctx, f);
  }
  const next = await createStay(
    tx,
    ctx,
    {
      client: old.clientId,
      room: input.room,
      bed: input.bed,
      check_in: start,
      check_out: old.checkOut,
      rate_basis: old.rateBasis,
      rate: input.rate ?? old.rate,
      deposit: old.depositStatus === 'held' ? old.deposit : old.deposit,
      notes: input.notes || old.notes,
    },
    { previousStayId: old.id, status: old.status === 'checked_in' ? 'checked_in' : 'reserved' },
  );
  if (old.status === 'checked_in') {
    // The deposit moves with the resident.
    await tx
      .update(stay)
      .set({ checkedInAt: new Date(), depositStatus: old.depositStatus, depositModeId: old.depositModeId })
      .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, next.id)));
    if (old.depositStatus === 'held')
      await tx
        .update(stay)
        .set({ depositStatus: 'adjusted' })
        .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, id)));
    if (next.rateBasis === 'monthly') {
      const [moved] = await tx
        .select()
        .from(stay)
        .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, next.id)));
      await billMonth(tx, ctx, await factsOf(tx, ctx, moved), today.slice(0, 7));
    }
  }
  await audit(tx, ctx, id, stayLabel(ended, f.roomNumber, ended.bed), 'action', { action: 'change_room', to_stay: next.id });
  return { oldId: id, newId: next.id };
}

/** Cancels a reserved stay (a checked-in one checks out instead). */
export async function cancelStay(tx: Tx, ctx: Ctx, id: number, reason: string) {
  const row = await lockStay(tx, ctx, id);
  if (row.status !== 'reserved') throw conflict(`This stay is ${row.status.replace('_', ' ')}: only a reserved stay can be cancelled.`);
  const [after] = await tx
    .update(stay)
    .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: reason, updatedAt: new Date() })
    .where(and(eq(stay.organisationId, ctx.organisationId), eq(stay.id, id)))
    .returning();
  await audit(tx, ctx, id, `Stay ${id}`, 'action', { action: 'cancel', reason });
  return after;
}

/** A payment against a stay's due. */
export async function payStay(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof stayPaymentInputSchema>) {
  await lockStay(tx, ctx, id);
  await payCharges(tx, ctx, id, input);
}

/** The most stays one run of the monthly job bills per organisation (the next run takes the rest). */
export const MONTHLY_BATCH = 2000;

/**
 * The monthly rent: each checked-in monthly stay that has days in this month and no bill for it
 * gets one. A stay still checked in after its planned check-out has days in every month it stays
 * on into: each is billed whole on its start, until the check-out (which credits the days after
 * the resident leaves, as an early check-out does). Safe to run twice or on two instances at once:
 * the bill's unique key (stay, month) lets one writer through, the other's insert finds it and
 * writes nothing.
 */
export async function billMonthlyRent(tx: Tx, ctx: Ctx, today = ctx.now.today): Promise<number> {
  const month = today.slice(0, 7);
  const next = nextMonthStart(month);
  const rows = await tx
    .select({ s: stay })
    .from(stay)
    .where(
      and(
        eq(stay.organisationId, ctx.organisationId),
        eq(stay.status, 'checked_in'),
        eq(stay.rateBasis, 'monthly'),
        // Checked in: its planned check-out is in this month or later, or passed (it stays on).
        sql`${stay.checkIn} < ${next}`,
        sql`not exists (select 1 from accommodation_charge c where c.organisation_id = ${stay.organisationId} and c.stay_id = ${stay.id} and c.month = ${month})`,
      ),
    )
    .orderBy(asc(stay.id))
    .limit(MONTHLY_BATCH);
  let billed = 0;
  for (const { s } of rows) if ((await billMonth(tx, ctx, await factsOf(tx, ctx, s), month)) !== null) billed++;
  return billed;
}
