/**
 * The organisation's own subscription with the provider (issue 23 §2): after its due date a
 * 7-day grace (the shell shows a banner), then the organisation is read-only until it renews.
 *
 * - Read-only: every write (POST, PUT, PATCH, DELETE) on the organisation's host answers 402
 *   `{"detail": "Your subscription has expired. …", "code": "subscription_expired"}` and changes
 *   nothing — the public portal's booking too (the portal then says bookings are paused). Reads
 *   keep working and nothing is ever deleted.
 * - Still allowed, so the owner can pay and get back in: signing in and out and the user's own
 *   account (`/api/accounts/…`), `POST /api/payments/initiate/`, the gateway's checkout, callback
 *   and webhook (`/api/public/payments/…`), Administrator › Subscription (subscription, plans,
 *   history, add-ons, renew, message credits), marking one's own notifications read, and a POST
 *   whose route only reads (level `view`, e.g. a preview).
 * - No due date: never read-only. The day is the organisation's (its time zone).
 *
 * Jobs that write for an organisation on their own (automatic messages, promotions) skip a
 * read-only one: `forEachOrganisation(…, { skipReadOnly: true })` in `jobs.ts`.
 */
import { SUBSCRIPTION_EXPIRED_CODE, SUBSCRIPTION_EXPIRED_DETAIL, SUBSCRIPTION_GRACE_DAYS, type SubscriptionState } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';
import { addDays, dateInZone } from './time.js';

export interface SubscriptionStanding {
  state: SubscriptionState;
  /** The last day of the grace; null without a due date. */
  graceUntil: string | null;
}

/** Where an organisation's subscription stands on its own today. */
export function subscriptionStanding(org: { dueDate: string | null; timeZone: string }, instant: Date = new Date()): SubscriptionStanding {
  if (!org.dueDate) return { state: 'active', graceUntil: null };
  const today = dateInZone(instant, org.timeZone);
  const graceUntil = addDays(org.dueDate, SUBSCRIPTION_GRACE_DAYS);
  const state: SubscriptionState = today <= org.dueDate ? 'active' : today <= graceUntil ? 'grace' : 'read_only';
  return { state, graceUntil };
}

export const isReadOnly = (org: { dueDate: string | null; timeZone: string }, instant?: Date) =>
  subscriptionStanding(org, instant).state === 'read_only';

export const subscriptionExpired = () => new ApiError(402, { detail: SUBSCRIPTION_EXPIRED_DETAIL, code: SUBSCRIPTION_EXPIRED_CODE });

/** Route patterns (as registered, `:id` placeholders and all) a read-only organisation may still write to. */
export const READ_ONLY_ALLOWED: readonly RegExp[] = [
  /^\/api\/accounts\//,
  /^\/api\/payments\/initiate\/$/,
  /^\/api\/public\/payments\//,
  /^\/api\/administrator\/(subscription|subscription-plans?|subscription-transaction|addon|subscription-addon|payment\/initiate)(\/|$)/,
  /^\/api\/administrator\/organisation\/(subscription|renew|purchase-message-count)\//,
  /^\/api\/notifications\/(:id\/read|read-all)\/$/,
  // Members signing in and out of the member app, and their own devices (End User Login).
  /^\/api\/me\/(auth|sessions)\//,
];

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a write to this route pattern stays open to a read-only organisation. */
export function allowedWhenReadOnly(url: string): boolean {
  return READ_ONLY_ALLOWED.some((pattern) => pattern.test(url));
}

/** The guard: an `onRequest` hook after the auth hook (which resolved `request.organisation`). */
export function registerSubscriptionGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method)) return;
    const url = request.routeOptions.url;
    const org = request.organisation;
    if (!url || !url.startsWith('/api/') || !org || !org.dueDate) return;
    // A POST that only reads (its manifest lists it at `view`) changes nothing.
    if (request.routeOptions.config?.level === 'view' && (request.routeOptions.config.module || request.routeOptions.config.anyModule))
      return;
    if (allowedWhenReadOnly(url)) return;
    if (isReadOnly(org)) throw subscriptionExpired();
  });
}
