/** Message credits: one row per organisation with a CHECK (balance >= 0), and every change as a movement. */
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
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
 * Credits paid for to the provider (the subscription module's SMS packs and each renewal's monthly
 * allowance): added with a movement and an audit row, in the payment's transaction.
 */
export async function addPaidCredits(tx: Tx, ctx: Ctx, credits: number, note: string): Promise<number> {
  const balance = await addCredits(tx, ctx, credits, 'purchase', note);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_credit',
    objectId: ctx.organisationId,
    label: `${credits} credits`,
    action: 'create',
    after: { added: credits, balance, note },
  });
  return balance;
}

/** Credits spent (sends and retries less refunds) and added, by month of the organisation's zone, the latest `months` months. */
export async function creditUsageByMonth(tx: Tx, ctx: Ctx, months = 12): Promise<{ month: string; sent: number; added: number }[]> {
  const rows = await queryRows<{ month: string; sent: string; added: string }>(
    tx,
    sql`
    select to_char(${messageCreditMovement.createdAt} at time zone ${ctx.timeZone}, 'YYYY-MM') as month,
           coalesce(sum(case when ${messageCreditMovement.reason} in ('send', 'retry', 'refund') then -${messageCreditMovement.change} else 0 end), 0)::text as sent,
           coalesce(sum(case when ${messageCreditMovement.reason} in ('purchase', 'seed') then ${messageCreditMovement.change} else 0 end), 0)::text as added
    from ${messageCreditMovement}
    where ${messageCreditMovement.organisationId} = ${ctx.organisationId}
      and ${messageCreditMovement.createdAt} >= date_trunc('month', now()) - make_interval(months => ${months - 1})
    group by 1 order by 1 desc`,
  );
  return rows.map((r) => ({ month: r.month, sent: Number(r.sent), added: Number(r.added) }));
}
