/**
 * Administrator › Payment Gateway (issue 23): the organisation's gateways, at most one active.
 * Secrets are sealed and never answered (`••••1234`); a write without a secret keeps the stored
 * one. The built-in sandbox makes its own keys, so it needs none.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentGateway, PaymentGatewayInput } from '@arena/contracts/payments';
import { and, asc, eq, ne } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { organisationOrigin } from '../../platform/config.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, notFound, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { derivedSecret, maskSealed, sealSecret } from '../../platform/secrets.js';
import { paymentEndpoints } from '@arena/contracts/payments';
import { MODULE } from './constants.js';
import { paymentGateway } from './schema.js';

type Row = typeof paymentGateway.$inferSelect;

const masked = maskSealed;

export function gatewayJson(ctx: Ctx, row: Row): PaymentGateway {
  return {
    id: row.id,
    provider: row.provider,
    key_id: row.keyId,
    key_secret: masked(ctx.config, row.keySecret),
    webhook_secret: masked(ctx.config, row.webhookSecret),
    mode: row.mode,
    is_active: row.isActive,
    webhook_url: `${organisationOrigin(ctx.config, ctx.organisation.subdomain)}${paymentEndpoints.webhook.path}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const unique = onUnique({
  payment_gateway_org_provider_key: { field: 'provider', message: 'A gateway of this provider already exists: edit it.' },
});

export async function listGateways(tx: Tx, ctx: Ctx): Promise<PaymentGateway[]> {
  const rows = await tx
    .select()
    .from(paymentGateway)
    .where(eq(paymentGateway.organisationId, ctx.organisationId))
    .orderBy(asc(paymentGateway.id));
  return rows.map((r) => gatewayJson(ctx, r));
}

async function load(tx: Tx, ctx: Ctx, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(paymentGateway)
    .where(and(eq(paymentGateway.organisationId, ctx.organisationId), eq(paymentGateway.id, id)));
  if (!row) throw notFound();
  return row;
}

export const getGateway = async (tx: Tx, ctx: Ctx, id: number) => gatewayJson(ctx, await load(tx, ctx, id));

/**
 * A sandbox gateway's secrets are derived from the sealing key and its key id, never random: its
 * signer and verifier are this app, so a database restored under another key (a copied template,
 * a moved DATA_DIR) still pays. They are sealed as well, only for the masked display.
 */
export function sandboxSecret(config: Ctx['config'], keyId: string, which: 'key' | 'webhook'): string {
  return derivedSecret(config, `sandbox ${which} secret ${keyId}`);
}

/** Razorpay needs its three keys; the sandbox makes its own. */
function checkKeys(provider: Row['provider'], v: { keyId: string; keySecret: string; webhookSecret: string }): void {
  if (provider !== 'razorpay') return;
  const errors: Record<string, string[]> = {};
  if (!/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/.test(v.keyId)) errors.key_id = ['Enter the Key ID from Razorpay (rzp_test_… or rzp_live_…).'];
  if (!v.keySecret) errors.key_secret = ['This field is required.'];
  if (!v.webhookSecret) errors.webhook_secret = ['This field is required.'];
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Only one gateway is active: activating one deactivates the others (before, so the partial unique index holds). */
async function deactivateOthers(tx: Tx, ctx: Ctx, keep: number | null): Promise<void> {
  await tx
    .update(paymentGateway)
    .set({ isActive: false, updatedAt: new Date() })
    .where(
      and(
        eq(paymentGateway.organisationId, ctx.organisationId),
        eq(paymentGateway.isActive, true),
        keep ? ne(paymentGateway.id, keep) : undefined,
      ),
    );
}

export async function createGateway(tx: Tx, ctx: Ctx, input: PaymentGatewayInput): Promise<PaymentGateway> {
  const sandbox = input.provider === 'sandbox';
  const keyId = sandbox ? `sbx_${randomBytes(8).toString('hex')}` : (input.key_id ?? '').trim();
  const keySecret = sandbox ? sandboxSecret(ctx.config, keyId, 'key') : (input.key_secret ?? '');
  const webhookSecret = sandbox ? sandboxSecret(ctx.config, keyId, 'webhook') : (input.webhook_secret ?? '');
  checkKeys(input.provider, { keyId, keySecret, webhookSecret });
  const active = input.is_active ?? true;
  if (active) await deactivateOthers(tx, ctx, null);
  const [row] = await tx
    .insert(paymentGateway)
    .values({
      organisationId: ctx.organisationId,
      provider: input.provider,
      keyId,
      keySecret: sealSecret(ctx.config, keySecret),
      webhookSecret: sealSecret(ctx.config, webhookSecret),
      mode: sandbox ? 'test' : (input.mode ?? 'test'),
      isActive: active,
    })
    .returning()
    .catch(unique);
  const out = gatewayJson(ctx, row);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payment_gateway',
    objectId: row.id,
    label: `Payment gateway (${row.provider})`,
    action: 'create',
    after: out,
  });
  return out;
}

export async function updateGateway(tx: Tx, ctx: Ctx, id: number, input: Partial<PaymentGatewayInput>): Promise<PaymentGateway> {
  const before = await load(tx, ctx, id);
  if (input.provider && input.provider !== before.provider)
    throw badRequest({ provider: ['The provider of a gateway cannot change: add another gateway.'] });
  const sandbox = before.provider === 'sandbox';
  const keyId = sandbox ? before.keyId : (input.key_id ?? before.keyId).trim();
  const keySecret = !sandbox && input.key_secret ? input.key_secret : null;
  const webhookSecret = !sandbox && input.webhook_secret ? input.webhook_secret : null;
  checkKeys(before.provider, {
    keyId,
    keySecret: keySecret ?? (before.keySecret ? 'kept' : ''),
    webhookSecret: webhookSecret ?? (before.webhookSecret ? 'kept' : ''),
  });
  if (input.is_active) await deactivateOthers(tx, ctx, id);
  const [row] = await tx
    .update(paymentGateway)
    .set({
      keyId,
      ...(keySecret ? { keySecret: sealSecret(ctx.config, keySecret) } : {}),
      ...(webhookSecret ? { webhookSecret: sealSecret(ctx.config, webhookSecret) } : {}),
      mode: sandbox ? 'test' : (input.mode ?? before.mode),
      isActive: input.is_active ?? before.isActive,
      updatedAt: new Date(),
    })
    .where(and(eq(paymentGateway.organisationId, ctx.organisationId), eq(paymentGateway.id, id)))
    .returning();
  const out = gatewayJson(ctx, row);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payment_gateway',
    objectId: id,
    label: `Payment gateway (${row.provider})`,
    action: 'update',
    before: gatewayJson(ctx, before),
    after: out,
  });
  return out;
}

/** Removing a gateway keeps its orders (they name their provider); their callbacks can no longer be verified. */
export async function deleteGateway(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const before = await load(tx, ctx, id);
  await tx.delete(paymentGateway).where(and(eq(paymentGateway.organisationId, ctx.organisationId), eq(paymentGateway.id, id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payment_gateway',
    objectId: id,
    label: `Payment gateway (${before.provider})`,
    action: 'delete',
    before: gatewayJson(ctx, before),
  });
}
