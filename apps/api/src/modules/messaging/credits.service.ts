/** Message credits: one row per organisation with a CHECK (balance >= 0), and every change as a movement. */
import { MAX_PURCHASE } from '@arena/contracts/messaging';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { MODULE } from './constants.js';
import { messageCredit, messageCreditMovement } from './schema.js';

type Reason = (typeof messageCreditMovement.$inferInsert)['reason'];

export async function creditBalance(tx: Tx, ctx: Ctx): Promise<number> {
  const [row] = await tx
    .select({ balance: messageCredit.balance })
    .from(messageCredit)
    .where(eq(messageCredit.organisationId, ctx.organisationId));
  return row?.balance ?? 0;
}

/** The organisation's credit row (a new organisation's hook writes it; older ones get it on first use). */
export async function ensureCreditRow(tx: Tx, ctx: Ctx): Promise<void> {
  await tx.insert(messageCredit).values({ organisationId: ctx.organisationId, balance: 0 }).onConflictDoNothing();
}

async function movement(tx: Tx, ctx: Ctx, change: number, balanceAfter: number, reason: Reason, note: string): Promise<void> {
  await tx.insert(messageCreditMovement).values({
    organisationId: ctx.organisationId,
    change,
    balanceAfter,
    reason,
    note,
    createdBy: ctx.actor.actorId,
  });
}

/**
 * Spends `credits` in one conditional statement: only while the balance covers them, so concurrent
 * sends never take it below zero (the CHECK is the last word). Refused with a 400 otherwise.
 */
export async function spendCredits(tx: Tx, ctx: Ctx, credits: number, reason: Reason, note: string): Promise<number> {
  if (credits <= 0) return creditBalance(tx, ctx);
  await ensureCreditRow(tx, ctx);
  const [row] = await tx
    .update(messageCredit)
    .set({ balance: sql`${messageCredit.balance} - ${credits}`, updatedAt: new Date() })
    .where(and(eq(messageCredit.organisationId, ctx.organisationId), sql`${messageCredit.balance} >= ${credits}`))
    .returning({ balance: messageCredit.balance });
  if (!row) {
    const balance = await creditBalance(tx, ctx);
    throw badRequest(
      `Not enough message credits: this needs ${credits} and the balance is ${balance}. Add credits under Administrator › Messaging, then send again.`,
    );
  }
  await movement(tx, ctx, -credits, row.balance, reason, note);
  return row.balance;
}

/** Gives credits back (a message failed for good) or adds them (a purchase). */
export async function addCredits(tx: Tx, ctx: Ctx, credits: number, reason: Reason, note: string): Promise<number> {
  if (credits <= 0) return creditBalance(tx, ctx);
  await ensureCreditRow(tx, ctx);
  const [row] = await tx
    .update(messageCredit)
    .set({ balance: sql`${messageCredit.balance} + ${credits}`, updatedAt: new Date() })
    .where(eq(messageCredit.organisationId, ctx.organisationId))
    .returning({ balance: messageCredit.balance });
  await movement(tx, ctx, credits, row.balance, reason, note);
  return row.balance;
}

/**
 * `purchase-message-count/`: adds test credits. The payment gateway (issue 23) does not exist yet,
 * so nothing is charged; the answer says so.
 */
export async function purchaseCredits(tx: Tx, ctx: Ctx, count: number) {
  if (count < 1 || count > MAX_PURCHASE) throw fieldError('count', `Enter from 1 to ${MAX_PURCHASE} credits.`);
  const balance = await addCredits(tx, ctx, count, 'purchase', 'Test credits (no payment: online payments are not available yet)');
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_credit',
    objectId: ctx.organisationId,
    label: `${count} credits`,
    action: 'create',
    after: { added: count, balance },
  });
  return {
    added: count,
    balance,
    detail: `${count} test credits added; nothing was charged. Buying credits through online payments comes with the payment gateway.`,
  };
}
