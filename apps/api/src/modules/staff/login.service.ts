/**
 * A staff member's login and permissions (issue 21). A login is an `app_user` of the organisation
 * (never the owner's row, which a staff row may name but not change) linked from `staff.user_id`.
 * Inviting makes the user with no usable password and a 7-day single-use `invite` key, mailed
 * after the transaction commits (the link opens the reset-confirm page, which sets the first
 * password). Disabling turns the user off and revokes every key it holds; the cache invalidation
 * (the `user:` and `key:` notifications) makes it, and any change of modules or levels, count on
 * the user's very next request.
 */
import { DEFAULT_MODULE_LEVEL, MODULE_DESCRIPTIONS, type ModuleName } from '@arena/contracts';
import type { LoginState, ModuleGrant, StaffLoginInput, StaffPermissions, StaffPermissionsInput } from '@arena/contracts/staff';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { UserRow } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { appUser } from '../../platform/db/schema.js';
import { badRequest, fieldError, notFound, onUnique, permissionDenied } from '../../platform/errors.js';
import { ensureWithinPlan } from '../../platform/module.js';
import { levelIn, planModules } from '../../platform/permissions.js';
import type { Ctx } from '../../platform/request-context.js';
import { issueKey, retireKeys, revokeUserKeys } from '../accounts/index.js';
import { MODULE } from './constants.js';
import { staff, staffCategory, type StaffRow } from './schema.js';

export const ADMIN_MODULE: ModuleName = 'Administrator Management';
export const EMAIL_TAKEN = 'A user with this e-mail address already exists.';
export const ONLY_OWNER_GRANTS_ADMIN = 'Only the owner may grant Administrator Management.';
const uniqueEmail = onUnique({ app_user_email_key: { field: 'email', message: EMAIL_TAKEN } });

/** What a change asks the route to do once it has committed: mail an invitation. */
export interface Invitation {
  userId: number;
  email: string;
  firstName: string;
  key: string;
}

const fullName = (s: StaffRow) => `${s.firstName} ${s.lastName}`.trim();
const label = (s: StaffRow) => `${fullName(s)} (${s.staffCode})`;

async function staffRow(tx: Tx, ctx: Ctx, id: number, lock = false): Promise<StaffRow> {
  const q = tx
    .select()
    .from(staff)
    .where(and(eq(staff.organisationId, ctx.organisationId), eq(staff.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

async function userOf(tx: Tx, ctx: Ctx, s: StaffRow): Promise<UserRow | null> {
  if (s.userId == null) return null;
  const [user] = await tx
    .select()
    .from(appUser)
    .where(and(eq(appUser.id, s.userId), eq(appUser.organisationId, ctx.organisationId)));
  return user ?? null;
}

export function loginState(user: UserRow | null): LoginState {
  if (!user) return 'none';
  if (!user.isActive) return 'disabled';
  return user.emailVerifiedAt ? 'active' : 'invited';
}

/** The user's modules (within the plan) with their levels. */
function grantsOf(user: UserRow, plan: readonly ModuleName[]): ModuleGrant[] {
  const granted = user.isOwner ? plan : plan.filter((m) => user.grantedModules.includes(m));
  return granted.map((name) => ({ name, level: levelIn(user, name) }));
}

function permissionsJson(s: StaffRow, user: UserRow | null, plan: readonly ModuleName[]): StaffPermissions {
  return {
    staff: s.id,
    login_state: loginState(user),
    user: user?.id ?? null,
    email: user?.email ?? null,
    role_name: user?.roleName ?? null,
    is_owner: user?.isOwner ?? false,
    last_login: user?.lastLogin?.toISOString() ?? null,
    modules: user ? grantsOf(user, plan) : [],
    plan_modules: plan.map((name) => ({ name, description: MODULE_DESCRIPTIONS[name] })),
  };
}

export async function staffPermissions(tx: Tx, ctx: Ctx, staffId: number): Promise<StaffPermissions> {
  const s = await staffRow(tx, ctx, staffId);
  return permissionsJson(s, await userOf(tx, ctx, s), await planModules(tx, ctx.organisation));
}

/** Modules must be the plan's; only the owner grants (or takes away) Administrator Management. */
function checkGrants(grants: ModuleGrant[], plan: readonly ModuleName[], byOwner: boolean, current: ModuleGrant[] = []): void {
  const outside = grants.filter((g) => !plan.includes(g.name)).map((g) => g.name);
  if (outside.length) throw fieldError('modules', `Not in the organisation's plan: ${outside.join(', ')}.`);
  if (byOwner) return;
  const before = current.find((g) => g.name === ADMIN_MODULE);
  const after = grants.find((g) => g.name === ADMIN_MODULE);
  if (before?.level !== after?.level) throw permissionDenied(ONLY_OWNER_GRANTS_ADMIN);
}

const levelsOf = (grants: ModuleGrant[]) => Object.fromEntries(grants.map((g) => [g.name, g.level]));

async function newInvitation(tx: Tx, user: { id: number; email: string; firstName: string }): Promise<Invitation> {
  await retireKeys(tx, user.id, 'invite');
  return { userId: user.id, email: user.email, firstName: user.firstName, key: await issueKey(tx, user.id, 'invite') };
}

/**
 * Invites the staff member: a new user of the organisation with the modules at `operate`, or — on
 * a disabled login — the same user enabled again with these modules, and a fresh invitation.
 */
export async function createLogin(
  tx: Tx,
  ctx: Ctx,
  staffId: number,
  input: StaffLoginInput,
  byOwner: boolean,
): Promise<{ permissions: StaffPermissions; invitation: Invitation }> {
  const s = await staffRow(tx, ctx, staffId, true);
  if (s.status !== 'active') throw badRequest('An inactive staff member cannot have a login.');
  const plan = await planModules(tx, ctx.organisation);
  const grants: ModuleGrant[] = [...new Set(input.modules)].map((name) => ({ name, level: DEFAULT_MODULE_LEVEL }));
  const existing = await userOf(tx, ctx, s);
  if (existing?.isActive) throw badRequest('This staff member already has a login.');
  // A new login, or a disabled one enabled again, is one more active user: the plan's limit.
  await ensureWithinPlan(tx, ctx, 'user');
  checkGrants(grants, plan, byOwner, existing ? grantsOf(existing, plan) : []);
  const email = input.email.toLowerCase();
  const [taken] = await tx
    .select({ id: appUser.id })
    .from(appUser)
    .where(sql`lower(${appUser.email}) = ${email}`);
  if (taken && taken.id !== existing?.id) throw fieldError('email', EMAIL_TAKEN);

  let user: UserRow;
  if (existing) {
    [user] = await tx
      .update(appUser)
      .set({ email, isActive: true, grantedModules: grants.map((g) => g.name), moduleLevels: levelsOf(grants) })
      .where(eq(appUser.id, existing.id))
      .returning()
      .catch(uniqueEmail);
  } else {
    const [category] = await tx
      .select({ name: staffCategory.name })
      .from(staffCategory)
      .where(and(eq(staffCategory.organisationId, ctx.organisationId), eq(staffCategory.id, s.categoryId)));
    [user] = await tx
      .insert(appUser)
      .values({
        email,
        // No usable password until the invitation is accepted: every login attempt fails.
        passwordHash: '',
        firstName: s.firstName,
        lastName: s.lastName,
        roleName: category?.name ?? null,
        organisationId: ctx.organisationId,
        isOwner: false,
        grantedModules: grants.map((g) => g.name),
        moduleLevels: levelsOf(grants),
        centerId: null,
      })
      .returning()
      .catch(uniqueEmail);
    await tx
      .update(staff)
      .set({ userId: user.id, updatedAt: ctx.now.instant })
      .where(and(eq(staff.organisationId, ctx.organisationId), eq(staff.id, s.id)));
  }
  const invitation = await newInvitation(tx, user);
  const permissions = permissionsJson({ ...s, userId: user.id }, user, plan);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_login',
    objectId: s.id,
    label: label(s),
    action: existing ? 'update' : 'create',
    ...(existing ? { before: permissionsJson(s, existing, plan) } : {}),
    after: { ...permissions, event: existing ? 'login_enabled_and_invited' : 'invited' },
  });
  return { permissions, invitation };
}

/** A fresh invitation for a login that is on (invited or active: the link sets a new password). */
export async function resendInvitation(tx: Tx, ctx: Ctx, staffId: number): Promise<Invitation> {
  const s = await staffRow(tx, ctx, staffId);
  const user = await userOf(tx, ctx, s);
  if (!user) throw badRequest('This staff member has no login: invite them first.');
  if (!user.isActive) throw badRequest('This login is disabled: invite the staff member again to enable it.');
  if (user.isOwner) throw badRequest("The owner's login is not managed here.");
  const invitation = await newInvitation(tx, user);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_login',
    objectId: s.id,
    label: label(s),
    action: 'action',
    after: { event: 'invitation_resent', email: user.email },
  });
  return invitation;
}

/** Turns a user off and revokes every key it holds (and its unused invitations). */
async function turnOff(tx: Tx, userId: number): Promise<void> {
  await tx.update(appUser).set({ isActive: false }).where(eq(appUser.id, userId));
  await revokeUserKeys(tx, userId);
  await retireKeys(tx, userId, 'invite');
  await retireKeys(tx, userId, 'password_reset');
}

export async function disableLogin(tx: Tx, ctx: Ctx, staffId: number): Promise<StaffPermissions> {
  const s = await staffRow(tx, ctx, staffId, true);
  const user = await userOf(tx, ctx, s);
  if (!user) throw badRequest('This staff member has no login.');
  if (user.isOwner) throw badRequest("The owner's login cannot be disabled.");
  const plan = await planModules(tx, ctx.organisation);
  const before = permissionsJson(s, user, plan);
  await turnOff(tx, user.id);
  const after = permissionsJson(s, { ...user, isActive: false }, plan);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_login',
    objectId: s.id,
    label: label(s),
    action: 'update',
    before,
    after: { ...after, event: 'login_disabled' },
  });
  return after;
}

/** A staff member marked inactive loses their login (staff.service's update calls this). */
export async function disableLoginOfInactive(tx: Tx, ctx: Ctx, s: StaffRow): Promise<boolean> {
  const user = await userOf(tx, ctx, s);
  if (!user || !user.isActive || user.isOwner) return false;
  await turnOff(tx, user.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_login',
    objectId: s.id,
    label: label(s),
    action: 'update',
    after: { event: 'login_disabled', reason: 'staff_inactive', email: user.email },
  });
  return true;
}

export async function setPermissions(
  tx: Tx,
  ctx: Ctx,
  staffId: number,
  input: StaffPermissionsInput,
  byOwner: boolean,
): Promise<StaffPermissions> {
  const s = await staffRow(tx, ctx, staffId, true);
  const user = await userOf(tx, ctx, s);
  if (!user) throw badRequest('This staff member has no login: invite them first.');
  if (user.isOwner) throw badRequest("The owner's modules cannot be changed: the owner has every module of the plan.");
  if (!byOwner && user.id === ctx.actor.actorId) throw permissionDenied('You cannot change your own permissions.');
  const plan = await planModules(tx, ctx.organisation);
  const grants = input.modules.map((g) => ({ name: g.name, level: g.level }));
  const before = permissionsJson(s, user, plan);
  checkGrants(grants, plan, byOwner, before.modules);
  const [updated] = await tx
    .update(appUser)
    .set({
      grantedModules: grants.map((g) => g.name),
      moduleLevels: levelsOf(grants),
      ...(input.role_name !== undefined ? { roleName: input.role_name?.trim() || null } : {}),
    })
    .where(eq(appUser.id, user.id))
    .returning();
  const after = permissionsJson(s, updated, plan);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_permissions',
    objectId: s.id,
    label: label(s),
    action: 'update',
    before,
    after,
  });
  return after;
}
