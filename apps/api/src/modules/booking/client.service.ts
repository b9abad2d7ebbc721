/** Booking clients: who books, with the totals and dues of their bookings that are not cancelled. */
import { fromPaise, signedPaise, type Billing, type z, type clientInputSchema, type clientSchema } from '@arena/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { conflict, fieldError, notFound, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { keepOptOuts, optOutsOf, setOptOuts } from '../messaging/index.js';
import { checkedBilling } from '../money/index.js';
import { MODULE } from './constants.js';
import { booking, bookingClient } from './schema.js';

export type Client = z.infer<typeof clientSchema>;
export type ClientInput = z.infer<typeof clientInputSchema>;

/**
 * Totals of each client's bookings that are not cancelled, as a subquery to join on the client
 * id (the join keeps it within the client's organisation; row-level security holds it too).
 */
export const clientTotals = new QueryBuilder()
  .select({
    clientId: booking.clientId,
    bookings: count().as('bookings'),
    amount: sql<string>`coalesce(sum(${booking.bookingAmount}), 0)::text`.as('amount'),
    paid: sql<string>`coalesce(sum(${booking.paidAmount}), 0)::text`.as('paid'),
  })
  .from(booking)
  .where(sql`${booking.status} <> 'cancelled'`)
  .groupBy(booking.clientId)
  .as('totals');

/** What a client still owes, as SQL over the totals (for filters and ordering). */
export const clientDue = sql`coalesce(${clientTotals.amount}::numeric, 0) - coalesce(${clientTotals.paid}::numeric, 0)`;

export interface ClientWithTotals {
  c: typeof bookingClient.$inferSelect;
  bookings: number | null;
  amount: string | null;
  paid: string | null;
}

export const clientFields = { c: bookingClient, bookings: clientTotals.bookings, amount: clientTotals.amount, paid: clientTotals.paid };

/** Clients as the API gives them: each with the channels they opted out of (one query for the page). */
export async function clientsJson(tx: Tx, ctx: Ctx, rows: ClientWithTotals[]): Promise<Client[]> {
  const optOuts = await optOutsOf(
    tx,
    ctx,
    rows.map(({ c }) => ({ phone: c.mobile, email: c.email })),
  );
  return rows.map((row, i) => clientJson(row, optOuts[i]));
}

function clientJson({ c, ...t }: ClientWithTotals, optOut: Client['message_opt_out']): Client {
  const amount = signedPaise(t.amount ?? 0) ?? 0;
  const paid = signedPaise(t.paid ?? 0) ?? 0;
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    mobile: c.mobile,
    notes: c.notes,
    gstin: c.gstin,
    billing_name: c.billingName,
    billing_address: c.billingAddress,
    billing_state: c.billingState,
    message_opt_out: optOut,
    bookings_count: Number(t.bookings ?? 0),
    total_amount: fromPaise(amount),
    paid_amount: fromPaise(paid),
    due_amount: fromPaise(Math.max(0, amount - paid)),
    created_at: c.createdAt.toISOString(),
  };
}

export async function loadClient(tx: Tx, ctx: Ctx, id: number): Promise<Client> {
  const [row] = await tx
    .select(clientFields)
    .from(bookingClient)
    .leftJoin(clientTotals, eq(clientTotals.clientId, bookingClient.id))
    .where(and(eq(bookingClient.organisationId, ctx.organisationId), eq(bookingClient.id, id)));
  if (!row) throw notFound();
  return (await clientsJson(tx, ctx, [row]))[0];
}

const uniqueMobile = onUnique({
  booking_client_org_mobile_key: { field: 'mobile', message: 'A client with this phone number already exists.' },
});

/** A client's columns from (part of) the input: the billing details as checked (`checkedBilling`). */
function columnsOf(input: Partial<ClientInput>, billing?: Billing) {
  const { gstin: _g, billing_name: _n, billing_address: _a, billing_state: _s, message_opt_out: _o, ...rest } = input;
  return {
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    ...(billing
      ? {
          gstin: billing.gstin,
          billingName: billing.billing_name,
          billingAddress: billing.billing_address,
          billingState: billing.billing_state,
        }
      : {}),
  };
}

export async function createClient(tx: Tx, ctx: Ctx, input: ClientInput): Promise<Client> {
  const [c] = await tx
    .insert(bookingClient)
    .values({ ...columnsOf(input, checkedBilling(input)), name: input.name, organisationId: ctx.organisationId })
    .returning({ id: bookingClient.id })
    .catch(uniqueMobile);
  if (input.message_opt_out?.length)
    await setOptOuts(tx, ctx, { phone: input.mobile, email: input.email }, input.message_opt_out, 'client');
  const after = await loadClient(tx, ctx, c.id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'client', objectId: c.id, label: after.name, action: 'create', after });
  return after;
}

export async function updateClient(tx: Tx, ctx: Ctx, input: Partial<ClientInput> & { id: number }): Promise<Client> {
  const { id, ...changes } = input;
  const before = await loadClient(tx, ctx, id);
  // The billing details as they will be, checked together (a GSTIN of the state).
  const billing = (['gstin', 'billing_name', 'billing_address', 'billing_state'] as const).some((k) => changes[k] !== undefined)
    ? checkedBilling({
        gstin: changes.gstin ?? before.gstin,
        billing_name: changes.billing_name ?? before.billing_name,
        billing_address: changes.billing_address ?? before.billing_address,
        billing_state: changes.billing_state ?? before.billing_state,
      })
    : undefined;
  await tx
    .update(bookingClient)
    .set({ ...columnsOf(changes, billing), updatedAt: ctx.now.instant })
    .where(and(eq(bookingClient.organisationId, ctx.organisationId), eq(bookingClient.id, id)))
    .catch(uniqueMobile);
  await keepOptOuts(
    tx,
    ctx,
    { phone: before.mobile, email: before.email },
    { phone: changes.mobile ?? before.mobile, email: changes.email ?? before.email },
    changes.message_opt_out,
    'client',
  );
  const after = await loadClient(tx, ctx, id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'client', objectId: id, label: after.name, action: 'update', before, after });
  return after;
}

/** Deletes a client who never booked; one with bookings stays for the record. */
export async function deleteClient(tx: Tx, ctx: Ctx, input: { id: number }): Promise<void> {
  const before = await loadClient(tx, ctx, input.id);
  const [used] = await tx
    .select({ id: booking.id })
    .from(booking)
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.clientId, input.id)))
    .limit(1);
  if (used) throw conflict('This client has bookings and cannot be deleted.');
  await tx.delete(bookingClient).where(and(eq(bookingClient.organisationId, ctx.organisationId), eq(bookingClient.id, input.id)));
  await record(tx, ctx.actor, { module: MODULE, resource: 'client', objectId: input.id, label: before.name, action: 'delete', before });
}

/** The client who holds a mobile number, if any (`GET /booking/client/lookup/`). */
export async function findClientByMobile(tx: Tx, ctx: Ctx, mobile: string) {
  if (!mobile) return null;
  const [row] = await tx
    .select({ id: bookingClient.id, name: bookingClient.name, mobile: bookingClient.mobile, email: bookingClient.email })
    .from(bookingClient)
    .where(and(eq(bookingClient.organisationId, ctx.organisationId), eq(bookingClient.mobile, mobile)));
  return row ?? null;
}

export const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A desk booking typed for a contact whose mobile already belongs to a client of another name is
 * refused: the booking would be filed under that client while carrying the typed name. The desk
 * either uses that client (by id) or corrects the number; a client is never renamed by a booking.
 * Checked by the booking's own statement on the client row it met (`checkIdentity` in booking.service).
 */
export const numberHeldBy = (holder: string) =>
  fieldError('mobile_no', `This number belongs to ${holder}. Use that client or correct the number.`);
