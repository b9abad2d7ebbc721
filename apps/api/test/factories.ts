/**
 * Factories: the rows a test needs, made through the same services the API uses, in a tenant
 * transaction of an organisation the test made itself — instead of finding demo rows by name.
 *
 * ```ts
 * const acme = await makeOrganisation(t);                        // an organisation and its owner
 * const court = await inOrg(t, acme, async (tx, ctx) => {
 *   const centre = await makeCentre(tx, ctx);
 *   return makeFacility(tx, ctx, { centre: centre.id, sport: (await makeSport(tx, ctx)).id });
 * });
 * const key = await login(t.app, acme.owner, acme.host);
 * ```
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  MODULES,
  freezeDays,
  memberInputSchema,
  membershipEndDate,
  shiftDays,
  type FacilityInput,
  type MemberInput,
  type ModuleName,
} from '@arena/contracts';
import type { StaffInput } from '@arena/contracts/staff';
import { hashPassword } from '../src/modules/accounts/passwords.js';
import { trialPlan } from '../src/modules/administrator/organisation.service.js';
import { centre, paymentMode, sport } from '../src/modules/administrator/schema.js';
import { createBooking, type NewBooking } from '../src/modules/booking/booking.service.js';
import { createClient, type ClientInput } from '../src/modules/booking/client.service.js';
import { createFacility, loadFacility } from '../src/modules/booking/facility.service.js';
import { createMember } from '../src/modules/membership/member.service.js';
import { sellMembership, type SellMembership } from '../src/modules/membership/sales.service.js';
import { member, membership, membershipFreeze, plan as membershipPlan } from '../src/modules/membership/schema.js';
import { refreshStatuses } from '../src/modules/membership/status.js';
import { MODULE_MANIFESTS } from '../src/modules/manifests.js';
import { staffCategory } from '../src/modules/staff/schema.js';
import { createStaff } from '../src/modules/staff/staff.service.js';
import { withTenant, type Tx } from '../src/platform/db/client.js';
import { organisationCreated } from '../src/platform/module.js';
import { appUser, organisation, subscriptionPlan } from '../src/platform/db/schema.js';
import { room as accommodationRoom, roomType as accommodationRoomType } from '../src/modules/accommodation/schema.js';
import { asset as assetTable, assetCategory, assetVendor } from '../src/modules/asset/schema.js';
import { assignCode } from '../src/modules/asset/asset.service.js';
import { systemCtx, type Ctx } from '../src/platform/request-context.js';
import type { TestContext } from './helpers.js';

let sequence = 0;
const next = () => ++sequence;
const PASSWORD = 'Factory#Pass2026';

export interface TestOrganisation {
  id: number;
  subdomain: string;
  /** the Host header of its subdomain */
  host: string;
  owner: { email: string; password: string };
  ctx: Ctx;
}

/**
 * An organisation on the trial plan (every module; 3 centres, 10 users) with a verified owner and
 * what every new organisation gets (the manifests' setup hooks: payment modes, categories, series);
 * no demo data. `plan` puts it on another plan of the catalogue by name ('Enterprise': 10 centres,
 * 50 users), or on none (null: no plan limits, as legacy organisations).
 */
export async function makeOrganisation(
  t: TestContext,
  subdomain = `org${process.pid}x${next()}`,
  options: { plan?: string | null } = {},
): Promise<TestOrganisation> {
  const plan =
    options.plan === undefined
      ? await trialPlan(t.handle.db)
      : options.plan === null
        ? null
        : (await t.handle.db.select({ id: subscriptionPlan.id }).from(subscriptionPlan).where(eq(subscriptionPlan.name, options.plan)))[0]
            .id;
  const [org] = await t.handle.db
    .insert(organisation)
    .values({ subdomain, displayName: `${subdomain} Sports`, accountNumber: `TST${subdomain}`, subscriptionPlanId: plan })
    .returning();
  const owner = { email: `owner@${subdomain}.example.com`, password: PASSWORD };
  await makeUser(t, org.id, { email: owner.email, owner: true });
  const ctx = systemCtx(t.config, org, 'factory');
  await withTenant(t.handle.db, org.id, (tx) => organisationCreated(tx, ctx, MODULE_MANIFESTS));
  return { id: org.id, subdomain, host: `${subdomain}.localhost:3000`, owner, ctx };
}

/** Puts an existing organisation (a demo one, by subdomain) on a plan of the catalogue: 'Enterprise' for 10 centres and 50 users. */
export async function putOnPlan(t: TestContext, subdomain: string, planName: string): Promise<void> {
  const [p] = await t.handle.db.select({ id: subscriptionPlan.id }).from(subscriptionPlan).where(eq(subscriptionPlan.name, planName));
  await t.handle.db.update(organisation).set({ subscriptionPlanId: p.id }).where(eq(organisation.subdomain, subdomain));
  t.app.organisations.forget(subdomain);
}

/** A verified user of an organisation; not the owner unless asked, with the given modules. */
export async function makeUser(
  t: TestContext,
  organisationId: number,
  options: { email?: string; owner?: boolean; modules?: ModuleName[]; levels?: Record<string, string> } = {},
): Promise<{ email: string; password: string }> {
  const email = options.email ?? `user${next()}@example.com`;
  await t.handle.db.insert(appUser).values({
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Test',
    lastName: 'User',
    roleName: options.owner ? 'Owner' : 'Staff',
    organisationId,
    isOwner: options.owner ?? false,
    grantedModules: options.owner ? [...MODULES] : (options.modules ?? []),
    ...(options.levels ? { moduleLevels: options.levels } : {}),
    emailVerifiedAt: new Date(),
  });
  return { email, password: PASSWORD };
}

/** Runs `fn` in the organisation's tenant transaction with its ctx. */
export function inOrg<T>(t: TestContext, org: TestOrganisation, fn: (tx: Tx, ctx: Ctx) => Promise<T>): Promise<T> {
  return withTenant(t.handle.db, org.id, (tx) => fn(tx, org.ctx));
}

export async function makeCentre(tx: Tx, ctx: Ctx, values: Partial<typeof centre.$inferInsert> = {}) {
  const [row] = await tx
    .insert(centre)
    .values({ name: `Centre ${next()}`, city: 'Bengaluru', ...values, organisationId: ctx.organisationId })
    .returning();
  return row;
}

export async function makeSport(tx: Tx, ctx: Ctx, values: Partial<typeof sport.$inferInsert> = {}) {
  const [row] = await tx
    .insert(sport)
    .values({ name: `Sport ${next()}`, ...values, organisationId: ctx.organisationId })
    .returning();
  return row;
}

/** A payment mode; one of the defaults every organisation starts with (Cash, UPI …) when it has that name. */
export async function makePaymentMode(tx: Tx, ctx: Ctx, values: Partial<typeof paymentMode.$inferInsert> = {}) {
  const name = values.name ?? `Mode ${next()}`;
  const [existing] = await tx
    .select()
    .from(paymentMode)
    .where(and(eq(paymentMode.organisationId, ctx.organisationId), sql`lower(${paymentMode.name}) = lower(${name})`));
  if (existing) {
    const [row] = await tx
      .update(paymentMode)
      .set({ ...values, name, organisationId: ctx.organisationId })
      .where(eq(paymentMode.id, existing.id))
      .returning();
    return row;
  }
  const [row] = await tx
    .insert(paymentMode)
    .values({ ...values, name, organisationId: ctx.organisationId })
    .returning();
  return row;
}

/** A facility open online with hourly slots 06:00–10:00 (₹400) and 17:00–22:00 (₹600, ₹700 at weekends). */
export function makeFacility(tx: Tx, ctx: Ctx, input: Pick<FacilityInput, 'centre' | 'sport'> & Partial<FacilityInput>) {
  const hours = (from: number, to: number, price: string, weekend: string | null) =>
    Array.from({ length: to - from }, (_, i) => ({
      start_time: `${String(from + i).padStart(2, '0')}:00:00`,
      end_time: `${String(from + i + 1).padStart(2, '0')}:00:00`,
      price,
      weekend_price: weekend,
      is_active: true,
    }));
  return createFacility(tx, ctx, {
    name: `Court ${next()}`,
    description: '',
    capacity: 1,
    enable_online_booking: true,
    payment_required: false,
    advance_booking_days: 30,
    is_active: true,
    slot_groups: [
      { name: 'Morning', time_slots: hours(6, 10, '400.00', null) },
      { name: 'Evening', time_slots: hours(17, 22, '600.00', '700.00') },
    ],
    ...input,
  });
}

export function makeClient(tx: Tx, ctx: Ctx, input: Partial<ClientInput> = {}) {
  const n = next();
  return createClient(tx, ctx, {
    name: `Client ${n}`,
    email: '',
    mobile: `9${String(n).padStart(9, '0')}`,
    notes: '',
    gstin: '',
    billing_name: '',
    billing_address: '',
    billing_state: '',
    ...input,
  });
}

/** A desk booking of some slots of a facility on a date, for a client or a new contact. */
export async function makeBooking(
  tx: Tx,
  ctx: Ctx,
  input: { facility: number; date: string; slotIds: number[] } & Partial<Omit<NewBooking, 'facility'>>,
) {
  return createBooking(tx, ctx, {
    source: 'desk',
    client: { name: `Walk-in ${next()}`, email: '', mobile: '' },
    ignoreWindow: true,
    ...input,
    facility: await loadFacility(tx, ctx, input.facility),
  });
}

/** A membership plan (default: Monthly, ₹1,500, 5 % GST, two freezes of up to 15 days). */
export async function makePlan(tx: Tx, ctx: Ctx, values: Partial<typeof membershipPlan.$inferInsert> = {}) {
  const [row] = await tx
    .insert(membershipPlan)
    .values({
      organisationId: ctx.organisationId,
      name: `Plan ${next()}`,
      durationValue: 1,
      durationUnit: 'month',
      price: '1500.00',
      freezeMaxTimes: 2,
      freezeMaxDays: 15,
      ...values,
    })
    .returning();
  return row;
}

/** A member through the service (a fresh 10-digit phone unless given), optionally on a plan. */
export async function makeMember(tx: Tx, ctx: Ctx, input: Partial<MemberInput> & { centre: number }) {
  const n = next();
  const parsed = memberInputSchema.parse({
    first_name: `Member${n}`,
    last_name: 'Test',
    gender: 'female',
    phone: `9${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`,
    ...input,
  });
  return (await createMember(tx, ctx, parsed, null)).member;
}

/** A membership through the service; returns its id. */
export function makeMembership(tx: Tx, ctx: Ctx, input: Pick<SellMembership, 'member' | 'plan'> & Partial<SellMembership>) {
  return sellMembership(tx, ctx, { discount: '0.00', payment: null, notes: '', ...input });
}

/** A date `days` from the organisation's today (negative for the past). */
export const dayFrom = (ctx: Ctx, days: number) => shiftDays(ctx.now.today, days);

/**
 * A member as a plain row, for states the desk's form does not make (an inactive member, a chosen
 * name or code); `makeMember` creates one through the service.
 */
export async function makeMemberRow(tx: Tx, ctx: Ctx, values: Partial<typeof member.$inferInsert> & { centreId: number }) {
  const n = next();
  const [row] = await tx
    .insert(member)
    .values({
      memberCode: `MEM-${String(n).padStart(5, '0')}`,
      firstName: `Member${n}`,
      lastName: 'Rao',
      gender: 'female',
      phone: `7${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`,
      joinedOn: ctx.now.today,
      ...values,
      organisationId: ctx.organisationId,
    })
    .returning();
  return row;
}

/**
 * A membership as history: a member on a plan from `start` (to the plan's end, or `end`), which the
 * sale service would not write today — a past start, a pack with `sessions` already used, a
 * `cancelled` one. No invoice or payment (see `makeMembership` for a sale). Statuses are refreshed.
 */
export async function makeMembershipRow(
  tx: Tx,
  ctx: Ctx,
  input: {
    member: { id: number; centreId: number; memberCode: string };
    plan: typeof membershipPlan.$inferSelect;
    start: string;
    end?: string;
    sessions?: { total: number; left: number };
    cancelled?: boolean;
  },
) {
  const end = input.end ?? membershipEndDate(input.start, input.plan.durationValue, input.plan.durationUnit);
  const [row] = await tx
    .insert(membership)
    .values({
      organisationId: ctx.organisationId,
      memberId: input.member.id,
      planId: input.plan.id,
      centreId: input.member.centreId,
      label: `${input.plan.name} · ${input.member.memberCode}`,
      party: input.member.memberCode,
      startDate: input.start,
      baseEndDate: end,
      endDate: end,
      price: input.plan.price,
      total: input.plan.price,
      status: 'active',
      sessionsTotal: input.sessions?.total ?? null,
      sessionsLeft: input.sessions?.left ?? null,
      cancelledAt: input.cancelled ? new Date() : null,
      cancelReason: input.cancelled ? 'Moved away' : '',
    })
    .returning();
  await refreshStatuses(tx, ctx, { members: [input.member.id] });
  return row;
}

/** A freeze of a membership from `from` to `to`: the end date moves out by its days. */
export async function makeFreeze(tx: Tx, ctx: Ctx, input: { membership: typeof membership.$inferSelect; from: string; to: string }) {
  const days = freezeDays(input.from, input.to);
  await tx.insert(membershipFreeze).values({
    organisationId: ctx.organisationId,
    membershipId: input.membership.id,
    fromDate: input.from,
    toDate: input.to,
    days,
    reason: 'Travel',
  });
  await tx
    .update(membership)
    .set({ endDate: sql`${membership.endDate} + ${days}::int` })
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.id, input.membership.id)));
  await refreshStatuses(tx, ctx, { members: [input.membership.memberId] });
}

/** A staff category of the organisation (active unless told). */
export async function makeStaffCategory(tx: Tx, ctx: Ctx, values: Partial<typeof staffCategory.$inferInsert> = {}) {
  const [row] = await tx
    .insert(staffCategory)
    .values({ name: `Category ${next()}`, ...values, organisationId: ctx.organisationId })
    .returning();
  return row;
}

/** A staff member through the service (STF-code, centres), with a unique phone unless given. */
export function makeStaff(tx: Tx, ctx: Ctx, input: Partial<StaffInput> & { category: number; centres: number[] }) {
  return createStaff(tx, ctx, {
    first_name: 'Staff',
    last_name: `No ${next()}`,
    phone: `7${String(process.pid % 1000).padStart(3, '0')}${String(next()).padStart(6, '0')}`,
    email: '',
    gender: 'female',
    date_of_birth: null,
    address: '',
    salary_type: 'monthly',
    base_pay: '20000.00',
    commission_percent: '0.00',
    bank_account: '',
    ifsc: '',
    upi_id: '',
    pan: '',
    status: 'active',
    notes: '',
    ...input,
  });
}

/** An accommodation room type (nightly and monthly rates, a deposit, GST 5 % on SAC 996311). */
export async function makeAccommodationRoomType(
  tx: Tx,
  ctx: Ctx,
  o: { beds?: number; perNight?: string; perMonth?: string; deposit?: string } = {},
): Promise<{ id: number }> {
  const [row] = await tx
    .insert(accommodationRoomType)
    .values({
      organisationId: ctx.organisationId,
      name: `Room type ${next()}`,
      bedsPerRoom: o.beds ?? 2,
      ratePerNight: o.perNight ?? '1000.00',
      ratePerMonth: o.perMonth ?? '15000.00',
      deposit: o.deposit ?? '0.00',
      gstRates: [{ rate: 5, from: '2017-07-01' }],
      sacCode: '996311',
    })
    .returning({ id: accommodationRoomType.id });
  return row;
}

/** An available accommodation room of a new type (and a new centre unless one is given). */
export async function makeAccommodationRoom(
  tx: Tx,
  ctx: Ctx,
  o: Parameters<typeof makeAccommodationRoomType>[2] & { centre?: number } = {},
): Promise<{ id: number; typeId: number; centreId: number }> {
  const type = await makeAccommodationRoomType(tx, ctx, o);
  const centreId = o.centre ?? (await makeCentre(tx, ctx)).id;
  const [row] = await tx
    .insert(accommodationRoom)
    .values({ organisationId: ctx.organisationId, number: `R-${next()}`, roomTypeId: type.id, centreId })
    .returning({ id: accommodationRoom.id });
  return { id: row.id, typeId: type.id, centreId };
}

// ---- Asset Management (issue 26) ----

export async function makeAssetCategory(tx: Tx, ctx: Ctx, values: Partial<typeof assetCategory.$inferInsert> = {}) {
  const [row] = await tx
    .insert(assetCategory)
    .values({ name: `Asset category ${next()}`, ...values, organisationId: ctx.organisationId })
    .returning();
  return row;
}

export async function makeAssetVendor(tx: Tx, ctx: Ctx, values: Partial<typeof assetVendor.$inferInsert> = {}) {
  const [row] = await tx
    .insert(assetVendor)
    .values({ name: `Vendor ${next()}`, ...values, organisationId: ctx.organisationId })
    .returning();
  return row;
}

/** An asset entered from the past (no expense), with its code from the counter. */
export async function makeAsset(
  tx: Tx,
  ctx: Ctx,
  values: Partial<typeof assetTable.$inferInsert> & { categoryId: number; centreId: number },
) {
  const [row] = await tx
    .insert(assetTable)
    .values({ name: `Asset ${next()}`, purchaseDate: '2024-04-01', cost: '100000.00', ...values, organisationId: ctx.organisationId })
    .returning();
  const code = await assignCode(tx, ctx, row.id);
  return { ...row, code };
}
