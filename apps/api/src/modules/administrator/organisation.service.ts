import { DEFAULT_PAYMENT_MODES, MODULES } from '@arena/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, record } from '../../platform/audit.js';
import type { OrganisationRow, UserRow } from '../../platform/context.js';
import { queryRows, type Queryable, type Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, onUnique } from '../../platform/errors.js';
import { organisationJson, planName } from '../../platform/organisations.js';
import { saveImage, type UploadedFile } from '../../platform/files.js';
import { addDays, dateInZone } from '../../platform/time.js';
import { appUser, authToken, organisation, subscriptionPlan } from '../../platform/db/schema.js';
import { paymentMode } from './schema.js';

export const TRIAL_DAYS = 30;
export const TRIAL_PLAN = 'Trial';

/** The trial plan every new organisation starts on: all modules for 30 days. Created on first use. */
export async function trialPlan(db: Queryable): Promise<number> {
  const [existing] = await db.select({ id: subscriptionPlan.id }).from(subscriptionPlan).where(eq(subscriptionPlan.name, TRIAL_PLAN));
  if (existing) return existing.id;
  const [created] = await db
    .insert(subscriptionPlan)
    .values({ name: TRIAL_PLAN, durationDays: TRIAL_DAYS, modules: [...MODULES], isTrial: true, price: '0' })
    .onConflictDoNothing()
    .returning({ id: subscriptionPlan.id });
  if (created) return created.id;
  const [again] = await db.select({ id: subscriptionPlan.id }).from(subscriptionPlan).where(eq(subscriptionPlan.name, TRIAL_PLAN));
  return again.id;
}

export async function isSubdomainTaken(db: Queryable, subdomain: string): Promise<boolean> {
  const [row] = await db.select({ id: organisation.id }).from(organisation).where(eq(organisation.subdomain, subdomain)).limit(1);
  return Boolean(row);
}

export interface NewOrganisation {
  display_name: string;
  subdomain: string;
  picture?: UploadedFile;
}

/**
 * Creates an organisation with its owner in one transaction: account number, 30-day trial,
 * the owner's existing keys bound to it (so `?token=` works on the new host), and the audit row.
 */
export async function createOrganisation(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  input: NewOrganisation,
): Promise<OrganisationRow> {
  if (user.organisationId) throw badRequest('You already belong to an organisation.');
  if (await isSubdomainTaken(app.db, input.subdomain)) throw fieldError('subdomain', 'This subdomain is already taken.');
  const picture = input.picture ? await saveImage(app.config, 'organisations', input.picture, 'display_picture') : null;
  try {
    return await app.db.transaction(async (tx) => {
      const planId = await trialPlan(tx);
      const [{ next }] = await queryRows<{ next: string }>(tx, sql`select nextval('organisation_account_seq')::text as next`);
      const today = dateInZone(new Date(), 'Asia/Kolkata');
      const [org] = await tx
        .insert(organisation)
        .values({
          subdomain: input.subdomain,
          displayName: input.display_name,
          displayPicture: picture,
          accountNumber: `ARN${next}`,
          subscriptionPlanId: planId,
          dueDate: addDays(today, TRIAL_DAYS),
        })
        .returning();
      await tx.update(appUser).set({ organisationId: org.id, isOwner: true, roleName: 'Owner' }).where(eq(appUser.id, user.id));
      await tx.update(authToken).set({ organisationId: org.id }).where(eq(authToken.userId, user.id));
      await setTenant(tx, org.id);
      await addDefaultPaymentModes(tx, org.id);
      await record(
        tx,
        { ...actorOf(request, org.id), actorId: user.id, actorEmail: user.email },
        {
          module: 'Administrator Management',
          resource: 'organisation',
          objectId: org.id,
          action: 'create',
          after: organisationJson(app.config, org, TRIAL_PLAN),
        },
      );
      return org;
    });
  } catch (err) {
    // Two registrations racing for one subdomain: the second meets the unique key.
    return onUnique({ organisation_subdomain_unique: { field: 'subdomain', message: 'This subdomain is already taken.' } })(err);
  }
}

export async function setTenant(tx: Tx, organisationId: number): Promise<void> {
  await tx.execute(sql`select set_config('app.organisation_id', ${String(organisationId)}, true)`);
}

export type OrganisationChanges = Partial<
  Record<'display_name' | 'legal_name' | 'gstin' | 'address' | 'phone' | 'email' | 'time_zone', string>
> & {
  picture?: UploadedFile | null;
};

export async function updateOrganisation(
  app: FastifyInstance,
  request: FastifyRequest,
  org: OrganisationRow,
  changes: OrganisationChanges,
): Promise<OrganisationRow> {
  if (changes.time_zone !== undefined && !isTimeZone(changes.time_zone)) throw fieldError('time_zone', 'Not a valid time zone.');
  const picture = changes.picture
    ? await saveImage(app.config, 'organisations', changes.picture, 'display_picture')
    : changes.picture === null
      ? null
      : undefined;
  const values = {
    displayName: changes.display_name,
    legalName: changes.legal_name,
    gstin: changes.gstin,
    address: changes.address,
    phone: changes.phone,
    email: changes.email,
    timeZone: changes.time_zone,
    displayPicture: picture,
  };
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(organisation)
      .set({ ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)), updatedAt: new Date() })
      .where(eq(organisation.id, org.id))
      .returning();
    await setTenant(tx, org.id);
    const name = await planName(tx, row);
    await record(tx, actorOf(request), {
      module: 'Administrator Management',
      resource: 'organisation',
      objectId: org.id,
      action: 'update',
      before: organisationJson(app.config, org, name),
      after: organisationJson(app.config, row, name),
    });
    return row;
  });
  app.organisations.forget(org.subdomain);
  return updated;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every organisation starts with the usual ways of being paid; Administrator › Payment Mode edits them. */
export async function addDefaultPaymentModes(tx: Tx, organisationId: number): Promise<void> {
  await tx
    .insert(paymentMode)
    .values(DEFAULT_PAYMENT_MODES.map((name) => ({ organisationId, name })))
    .onConflictDoNothing();
}
