/**
 * What CRM Management reads and does through Membership Management's public file (issue 22):
 * the member reference, member names and contacts, audiences (active, expired, a plan's, a
 * batch's members), plan checks and names, and a member created from an enquiry (Add Member's
 * own service). Set-based: one statement each, bounded by the caller's limit.
 */
import type { MemberInput } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UpdateDeleteAction } from 'drizzle-orm/pg-core';
import { tenantRef, type TenantColumns } from '../../platform/db/columns.js';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { fieldError, invalidPk } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { createMember } from './member.service.js';
import { member } from './schema.js';

/** The composite key `(organisation_id, column) → member`: the database refuses another organisation's member. */
export const referencesMember = (t: TenantColumns, column: AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  tenantRef(t, column, () => member, onDelete ? { onDelete } : {});

/**
 * A linked member's name and code as scalar subqueries, for another module's select of rows that
 * name a member (`org`, `id`: that row's organisation and member columns; null when none).
 */
export const linkedMemberSql = (org: AnyPgColumn, id: AnyPgColumn) => {
  const of = (what: SQL) =>
    sql<string | null>`(select ${what} from ${member} where ${member.organisationId} = ${org} and ${member.id} = ${id})`;
  return { name: of(sql`trim(${member.firstName} || ' ' || ${member.lastName})`), code: of(sql`${member.memberCode}`) };
};

export interface MemberContact {
  id: number;
  code: string;
  name: string;
  phone: string;
  email: string;
  centre: number;
}

const contactColumns = sql`m.id, m.member_code as code, trim(m.first_name || ' ' || m.last_name) as name, m.phone, m.email, m.centre_id as centre`;
const asContact = (r: Record<string, unknown>): MemberContact => ({
  id: Number(r.id),
  code: String(r.code),
  name: String(r.name),
  phone: String(r.phone),
  email: String(r.email),
  centre: Number(r.centre),
});

/** Members by id (a missing id is left out). */
export async function memberContacts(tx: Tx, ctx: Ctx, ids: (number | null | undefined)[]): Promise<Map<number, MemberContact>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await queryRows(
    tx,
    sql`select ${contactColumns} from member m where m.organisation_id = ${ctx.organisationId} and m.id = any(${idArray(wanted)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), asContact(r)]));
}

/** Refuses on `field` an id that is not a member of the organisation. */
export async function checkMember(tx: Tx, ctx: Ctx, field: string, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  if (!(await memberContacts(tx, ctx, [id])).size) throw fieldError(field, invalidPk(id));
}

/** Refuses on `field` any id that is not a plan of the organisation; answers the plans' names by id. */
export async function checkPlans(tx: Tx, ctx: Ctx, field: string, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const names = await planNames(tx, ctx, ids);
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length) throw fieldError(field, invalidPk(missing[0]));
}

/** The names of plans by id. */
export async function planNames(tx: Tx, ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select p.id, p.name from membership_plan p where p.organisation_id = ${ctx.organisationId} and p.id = any(${idArray(wanted)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Refuses a batch that is not the organisation's. */
export async function checkBatch(tx: Tx, ctx: Ctx, field: string, id: number): Promise<void> {
  const rows = await queryRows(tx, sql`select 1 from batch b where b.organisation_id = ${ctx.organisationId} and b.id = ${id}`);
  if (!rows.length) throw fieldError(field, invalidPk(id));
}

export type MemberAudience =
  | { audience: 'active_members' }
  | { audience: 'expired_members' }
  | { audience: 'plan'; plan: number }
  | { audience: 'batch'; batch: number };

/**
 * The members of an audience, by name, at most `limit`: running members (active, expiring,
 * frozen), expired ones, those whose running membership is of a plan, those holding a batch's seat.
 */
export async function memberAudience(tx: Tx, ctx: Ctx, filter: MemberAudience, limit: number): Promise<MemberContact[]> {
  const org = ctx.organisationId;
  const where =
    filter.audience === 'active_members'
      ? sql`m.status in ('active', 'expiring', 'frozen')`
      : filter.audience === 'expired_members'
        ? sql`m.status = 'expired'`
        : filter.audience === 'plan'
          ? sql`m.status in ('active', 'expiring', 'frozen') and exists (select 1 from membership ms where ms.organisation_id = m.organisation_id
              and ms.id = m.current_membership_id and ms.plan_id = ${filter.plan})`
          : sql`exists (select 1 from batch_member bm where bm.organisation_id = m.organisation_id and bm.member_id = m.id
              and bm.batch_id = ${filter.batch} and bm.freed_on is null)`;
  const rows = await queryRows(
    tx,
    sql`select ${contactColumns} from member m where m.organisation_id = ${org} and m.is_active and ${where}
        order by lower(m.first_name || ' ' || m.last_name), m.id limit ${limit}`,
  );
  return rows.map(asContact);
}

/** Adds a member from an enquiry: Add Member's service (the plan and first payment included), with source `enquiry`. */
export async function addMemberFromEnquiry(tx: Tx, ctx: Ctx, input: MemberInput): Promise<number> {
  const created = await createMember(tx, ctx, { ...input, source: 'enquiry' }, null);
  return created.member.id;
}
