import { DEFAULT_PAYMENT_MODES, gstinStateMismatch, MODULES } from '@arena/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, record } from '../../platform/audit.js';
import type { OrganisationRow, UserRow } from '../../platform/context.js';
import { queryRows, settleInvalidations, type Queryable, type Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, onUnique } from '../../platform/errors.js';
import { organisationJson, planName } from '../../platform/organisations.js';
import { checkImage, organisationFolder, removeUpload, saveImage, type UploadedFile } from '../../platform/files.js';
import { organisationCreated } from '../../platform/module.js';
import { systemCtx } from '../../platform/request-context.js';
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
  phone?: string;
  /** A referrer's code; the setup hooks (refer and earn) check and link it. */
  referral_code?: string;
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
  if (input.picture) checkImage(input.picture, 'display_picture');
  // The picture goes to the organisation's own folder, which has a name once the row exists.
  let picture: string | null = null;
  try {
    const created = await app.db.transaction(async (tx) => {
      const planId = await trialPlan(tx);
      const [{ next }] = await queryRows<{ next: string }>(tx, sql`select nextval('organisation_account_seq')::text as next`);
      const today = dateInZone(new Date(), 'Asia/Kolkata');
      const [created] = await tx
        .insert(organisation)
        .values({
          subdomain: input.subdomain,
          displayName: input.display_name,
          accountNumber: `ARN${next}`,
          subscriptionPlanId: planId,
          dueDate: addDays(today, TRIAL_DAYS),
          phone: input.phone ?? '',
        })
        .returning();
      let org = created;
      if (input.picture) {
        picture = await saveImage(app.config, organisationFolder(created.id), input.picture, 'display_picture');
        [org] = await tx.update(organisation).set({ displayPicture: picture }).where(eq(organisation.id, created.id)).returning();
      }
      await tx.update(appUser).set({ organisationId: org.id, isOwner: true, roleName: 'Owner' }).where(eq(appUser.id, user.id));
      await tx.update(authToken).set({ organisationId: org.id }).where(eq(authToken.userId, user.id));
      await setTenant(tx, org.id);
      // Its default rows (payment modes, categories, document series …): every module's setup hook.
      await organisationCreated(tx, systemCtx(app.config, org, 'registration'), undefined, {
        owner: { id: user.id, email: user.email },
        phone: input.phone ?? '',
        referralCode: input.referral_code || undefined,
      });
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
    // The owner's keys now name the organisation: no instance may still hold them without it.
    await settleInvalidations(app.db);
    return created;
  } catch (err) {
    await removeUpload(app.config, picture).catch(() => false); // nothing was registered: the picture has no owner
    // Two registrations racing for one subdomain: the second meets the unique key.
    return onUnique({ organisation_subdomain_unique: { field: 'subdomain', message: 'This subdomain is already taken.' } })(err);
  }
}

export async function setTenant(tx: Tx, organisationId: number): Promise<void> {
  await tx.execute(sql`select set_config('app.organisation_id', ${String(organisationId)}, true)`);
}

export type OrganisationChanges = Partial<
  Record<'display_name' | 'legal_name' | 'gstin' | 'state' | 'address' | 'phone' | 'email' | 'time_zone', string>
> & {
  picture?: UploadedFile | null;
  /** Origins allowed to embed the portal (already validated and de-duplicated by the contract). */
  embed_origins?: string[];
  /** The operate level's discount cap, "10.00" (issue 21). */
  operate_discount_cap_percent?: string;
};

export async function updateOrganisation(
  app: FastifyInstance,
  request: FastifyRequest,
  org: OrganisationRow,
  changes: OrganisationChanges,
): Promise<OrganisationRow> {
  if (changes.time_zone !== undefined && !isTimeZone(changes.time_zone)) throw fieldError('time_zone', 'Not a valid time zone.');
  // A registration is of one state: the GSTIN's state code is the organisation's state.
  const mismatch = gstinStateMismatch(changes.gstin ?? org.gstin, changes.state ?? org.state);
  if (mismatch) throw fieldError('gstin', mismatch);
  const picture = changes.picture
    ? await saveImage(app.config, organisationFolder(org.id), changes.picture, 'display_picture')
    : changes.picture === null
      ? null
      : undefined;
  const values = {
    displayName: changes.display_name,
    legalName: changes.legal_name,
    gstin: changes.gstin,
    state: changes.state,
    address: changes.address,
    phone: changes.phone,
    email: changes.email,
    timeZone: changes.time_zone,
    embedOrigins: changes.embed_origins,
    operateDiscountCapPercent: changes.operate_discount_cap_percent,
    displayPicture: picture,
  };
  let result: { before: OrganisationRow; after: OrganisationRow };
  try {
    result = await app.db.transaction(async (tx) => {
      // The row as it is now (the host's cached copy may be a few seconds old): its picture is the one replaced.
      const [before] = await tx.select().from(organisation).where(eq(organisation.id, org.id)).for('update');
      const [after] = await tx
        .update(organisation)
        .set({ ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)), updatedAt: new Date() })
        .where(eq(organisation.id, org.id))
        .returning();
      await setTenant(tx, org.id);
      const name = await planName(tx, after);
      await record(tx, actorOf(request), {
        module: 'Administrator Management',
        resource: 'organisation',
        objectId: org.id,
        action: 'update',
        before: organisationJson(app.config, before, name),
        after: organisationJson(app.config, after, name),
      });
      return { before, after };
    });
  } catch (err) {
    if (picture) await removeUpload(app.config, picture).catch(() => false); // the change was not made: the new file has no use
    throw err;
  }
  app.organisations.forget(org.subdomain);
  // A replaced or removed picture is deleted from disk once the change is committed.
  const old = result.before.displayPicture;
  if (old && old !== result.after.displayPicture) {
    await removeUpload(app.config, old).catch((err: unknown) =>
      request.log.warn({ err, file: old }, 'the replaced display picture could not be deleted'),
    );
  }
  return result.after;
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
