/**
 * Staff: created with a code from the organisation's counter (STF-0007, consecutive, gapless
 * under rollback: the counter row is taken in the creating transaction), filed under an active
 * category and working in one or more centres (`staff_centre`). A phone number belongs to one
 * staff member of an organisation (the unique index holds it under races).
 */
import { uploadUrl } from '../../platform/uploads.js';
import type { Staff, StaffInput, StaffUpdate } from '@arena/contracts/staff';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, notFound, onUnique, type FieldErrors } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { nextNumber } from '../../platform/sequence.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { disableLoginOfInactive } from './login.service.js';
import { staff, staffCategory, staffCentre, type StaffRow } from './schema.js';

export const staffCode = (n: number) => `STF-${String(n).padStart(4, '0')}`;
export const DUPLICATE_STAFF_PHONE = 'A staff member with this phone already exists.';
const uniqueAware = onUnique({ staff_org_phone_key: { field: 'phone', message: DUPLICATE_STAFF_PHONE } });

/** The centres of a staff row (id and name, by name), as one JSON column of the select. */
const centresOf = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', sc.centre_id, 'name', c.name) order by c.name, c.id)
  from staff_centre sc join centre c on c.organisation_id = sc.organisation_id and c.id = sc.centre_id
  where sc.organisation_id = ${staff.organisationId} and sc.staff_id = ${staff.id}), '[]'::json)`;

/** Whether the staff member's login is on (a disabled one is no login: issue 21). */
const loginOn = sql<boolean>`exists (select 1 from app_user u where u.id = ${staff.userId} and u.is_active)`;

export const staffFields = { s: staff, categoryName: staffCategory.name, centres: centresOf, hasLogin: loginOn };
export type StaffJoin = { s: StaffRow; categoryName: string; centres: { id: number; name: string }[]; hasLogin?: boolean };

/** Staff with their category's name and their centres (the page and the count of the list share it). */
export const staffFrom = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof staffFields)
    .from(staff)
    .innerJoin(staffCategory, and(eq(staffCategory.organisationId, staff.organisationId), eq(staffCategory.id, staff.categoryId)))
    .$dynamic();

export const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();

export function staffJson({ s, categoryName, centres, hasLogin }: StaffJoin): Staff {
  return {
    id: s.id,
    staff_code: s.staffCode,
    first_name: s.firstName,
    last_name: s.lastName,
    full_name: fullName(s),
    phone: s.phone,
    email: s.email,
    photo: uploadUrl(s.photo),
    gender: s.gender,
    date_of_birth: s.dateOfBirth,
    address: s.address,
    category: s.categoryId,
    category_name: categoryName,
    centres: centres.map((c) => Number(c.id)),
    centre_names: centres.map((c) => c.name),
    joining_date: s.joiningDate,
    salary_type: s.salaryType,
    base_pay: s.basePay,
    commission_percent: s.commissionPercent,
    bank_account: s.bankAccount,
    ifsc: s.ifsc,
    upi_id: s.upiId,
    pan: s.pan,
    status: s.status,
    notes: s.notes,
    has_login: hasLogin ?? s.userId !== null,
    user: s.userId,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

const byId = (ctx: Ctx, id: number) => and(eq(staff.organisationId, ctx.organisationId), eq(staff.id, id));

/** One staff member; 404 when not the organisation's. */
export async function loadStaff(tx: Tx, ctx: Ctx, id: number): Promise<Staff> {
  const [row] = await staffFrom(tx, staffFields).where(byId(ctx, id));
  if (!row) throw notFound();
  return staffJson(row);
}

/**
 * The references a body names: the category must be an active one of the organisation, each
 * centre the organisation's (another organisation's id is "not there": a field error).
 */
async function checkRefs(tx: Tx, ctx: Ctx, input: { category?: number; centres?: number[] }, currentCategory?: number): Promise<void> {
  await checkReferences(tx, ctx.organisationId, {
    // A staff member may keep a category that was deactivated after; a new choice must be active.
    category: {
      table: staffCategory,
      id: input.category,
      where: input.category === currentCategory ? undefined : eq(staffCategory.isActive, true),
    },
    centres: { table: centre, id: input.centres },
  });
}

/** Rules across fields, on the staff member as it will be. */
function checkDates(values: { dateOfBirth: string | null; joiningDate: string }): void {
  const errors: FieldErrors = {};
  if (values.dateOfBirth && values.joiningDate <= values.dateOfBirth)
    errors.joining_date = ['The joining date must be after the date of birth.'];
  if (Object.keys(errors).length) throw badRequest(errors);
}

async function setCentres(tx: Tx, ctx: Ctx, staffId: number, centres: number[]): Promise<void> {
  await tx.delete(staffCentre).where(and(eq(staffCentre.organisationId, ctx.organisationId), eq(staffCentre.staffId, staffId)));
  await tx
    .insert(staffCentre)
    .values(centres.map((centreId) => ({ organisationId: ctx.organisationId, staffId, centreId })))
    .onConflictDoNothing();
}

function values(input: Partial<StaffInput>) {
  const v = {
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    email: input.email,
    gender: input.gender,
    dateOfBirth: input.date_of_birth,
    address: input.address,
    categoryId: input.category,
    joiningDate: input.joining_date,
    salaryType: input.salary_type,
    basePay: input.base_pay,
    commissionPercent: input.commission_percent,
    bankAccount: input.bank_account,
    ifsc: input.ifsc,
    upiId: input.upi_id,
    pan: input.pan,
    status: input.status,
    notes: input.notes,
  };
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<typeof v>;
}

const auditLabel = (s: Staff) => `${s.full_name} (${s.staff_code})`;

export async function createStaff(tx: Tx, ctx: Ctx, input: StaffInput): Promise<Staff> {
  await checkRefs(tx, ctx, input);
  const joiningDate = input.joining_date ?? ctx.now.today;
  checkDates({ dateOfBirth: input.date_of_birth, joiningDate });
  // Taken after every check, so a refused body never spends a number (a rollback gives it back too).
  const code = staffCode(await nextNumber(tx, ctx.organisationId, 'staff'));
  const [row] = await tx
    .insert(staff)
    .values({
      ...(values(input) as Required<ReturnType<typeof values>>),
      joiningDate,
      staffCode: code,
      organisationId: ctx.organisationId,
    })
    .returning({ id: staff.id })
    .catch(uniqueAware);
  await setCentres(tx, ctx, row.id, input.centres);
  const after = await loadStaff(tx, ctx, row.id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'staff', objectId: row.id, label: auditLabel(after), action: 'create', after });
  return after;
}

/** Changes a staff member (PUT or PATCH: only the fields sent). */
export async function updateStaff(tx: Tx, ctx: Ctx, id: number, input: StaffUpdate): Promise<Staff> {
  const [current] = await tx.select().from(staff).where(byId(ctx, id)).for('update');
  if (!current) throw notFound();
  const before = await loadStaff(tx, ctx, id);
  await checkRefs(tx, ctx, input, current.categoryId);
  checkDates({
    dateOfBirth: input.date_of_birth !== undefined ? input.date_of_birth : current.dateOfBirth,
    joiningDate: input.joining_date ?? current.joiningDate,
  });
  await tx
    .update(staff)
    .set({ ...values(input), updatedAt: ctx.now.instant })
    .where(byId(ctx, id))
    .catch(uniqueAware);
  if (input.centres) await setCentres(tx, ctx, id, input.centres);
  // A staff member marked inactive loses their login at once (issue 21).
  if (input.status === 'inactive') await disableLoginOfInactive(tx, ctx, current);
  const after = await loadStaff(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff',
    objectId: id,
    label: auditLabel(after),
    action: 'update',
    before,
    after,
  });
  return after;
}

/** Deletes a staff member no other record names (otherwise a 409: mark them inactive instead). */
export async function deleteStaff(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const before = await loadStaff(tx, ctx, id);
  const [row] = await tx.select().from(staff).where(byId(ctx, id)).for('update');
  // Their login goes with them (disabled, keys revoked), never left behind unlinked.
  if (row) await disableLoginOfInactive(tx, ctx, row);
  await tx.delete(staff).where(byId(ctx, id));
  await record(tx, ctx.actor, { module: MODULE, resource: 'staff', objectId: id, label: auditLabel(before), action: 'delete', before });
}

/** Active staff for selects: "Asha Rao (STF-0003)". */
export async function staffChoices(tx: Tx, ctx: Ctx): Promise<{ id: number; name: string }[]> {
  const rows = await tx
    .select({ id: staff.id, first: staff.firstName, last: staff.lastName, code: staff.staffCode })
    .from(staff)
    .where(and(eq(staff.organisationId, ctx.organisationId), eq(staff.status, 'active')))
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
  return rows.map((r) => ({ id: r.id, name: `${fullName({ firstName: r.first, lastName: r.last })} (${r.code})` }));
}

// ---- for other modules (index.ts) ----

/** The names of staff members by id (a missing id is left out). */
export async function staffNames(tx: Tx, ctx: Ctx, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({ id: staff.id, first: staff.firstName, last: staff.lastName })
    .from(staff)
    .where(and(eq(staff.organisationId, ctx.organisationId), inArray(staff.id, wanted)));
  return new Map(rows.map((r) => [r.id, fullName({ firstName: r.first, lastName: r.last })]));
}

/** Staff members' names, phones and e-mails by id (messages to staff: the follow-ups assigned to them). */
export async function staffContacts(
  tx: Tx,
  ctx: Ctx,
  ids: (number | null | undefined)[],
): Promise<Map<number, { id: number; first_name: string; name: string; phone: string; email: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({ id: staff.id, first: staff.firstName, last: staff.lastName, phone: staff.phone, email: staff.email })
    .from(staff)
    .where(and(eq(staff.organisationId, ctx.organisationId), inArray(staff.id, wanted), eq(staff.status, 'active')));
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, first_name: r.first, name: fullName({ firstName: r.first, lastName: r.last }), phone: r.phone, email: r.email },
    ]),
  );
}

/** The logins of staff members by staff id (an enquiry's assigned staff receives its notifications). */
export async function staffUserIds(tx: Tx, ctx: Ctx, ids: (number | null | undefined)[]): Promise<number[]> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return [];
  const rows = await tx
    .select({ user: staff.userId })
    .from(staff)
    .where(and(eq(staff.organisationId, ctx.organisationId), inArray(staff.id, wanted)));
  return rows.map((r) => r.user).filter((u): u is number => u != null);
}

/** The staff member who signs in as `userId`: their name and phone (a notification by SMS or WhatsApp), or null. */
export async function staffContactOfUser(
  tx: Tx,
  ctx: Ctx,
  userId: number,
): Promise<{ id: number; first_name: string; name: string; phone: string; email: string } | null> {
  const [r] = await tx
    .select({ id: staff.id, first: staff.firstName, last: staff.lastName, phone: staff.phone, email: staff.email })
    .from(staff)
    .where(and(eq(staff.organisationId, ctx.organisationId), eq(staff.userId, userId)));
  return r
    ? { id: r.id, first_name: r.first, name: fullName({ firstName: r.first, lastName: r.last }), phone: r.phone, email: r.email }
    : null;
}

/**
 * Refuses on `field` an id that is not an active staff member of the organisation (another
 * organisation's is "not there"); null/undefined pass. `keep` is the id already set, which may
 * stay even when that staff member has since become inactive.
 */
export async function checkActiveStaff(
  tx: Tx,
  ctx: Ctx,
  field: string,
  id: number | null | undefined,
  keep?: number | null,
): Promise<void> {
  if (id == null) return;
  await checkReferences(tx, ctx.organisationId, {
    [field]: { table: staff, id, where: id === keep ? undefined : eq(staff.status, 'active') },
  });
}

/**
 * Sets (a stored upload's path) or clears (null) a staff member's photo; answers the staff member
 * and the photo it replaced, which the caller removes from disk once this has committed.
 */
export async function setStaffPhoto(
  tx: Tx,
  ctx: Ctx,
  id: number,
  photo: string | null,
): Promise<{ staff: Staff; replaced: string | null }> {
  const [current] = await tx.select({ photo: staff.photo }).from(staff).where(byId(ctx, id)).for('update');
  if (!current) throw notFound();
  await tx.update(staff).set({ photo, updatedAt: ctx.now.instant }).where(byId(ctx, id));
  const after = await loadStaff(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff',
    objectId: id,
    label: auditLabel(after),
    action: 'update',
    before: { photo: uploadUrl(current.photo) },
    after: { photo: after.photo },
  });
  return { staff: after, replaced: current.photo };
}
