/**
 * Today's actions: membership's lists (read through its public file) with the last contact the
 * desk logged from here (`crm_contact_log`: a call, a message, a WhatsApp), one read per page.
 */
import type { TodaysActionRow } from '@arena/contracts/crm';
import { sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { checkMember, memberContacts, todaysActions, type TodaysActionKind } from '../membership/index.js';
import { MODULE } from './constants.js';
import { contactLog } from './schema.js';

type Query = { tab: TodaysActionKind; days?: number; centre?: number; search?: string; page: number; page_size: number };

export async function todaysActionPage(tx: Tx, ctx: Ctx, q: Query) {
  const days = q.days ?? (q.tab.endsWith('expired') ? 30 : 7);
  const { count, rows } = await todaysActions(tx, ctx, {
    tab: q.tab,
    days,
    centre: q.centre,
    search: q.search,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  const members = [...new Set(rows.map((r) => r.member))];
  const last = members.length
    ? await queryRows<{ member_id: string; kind: 'call' | 'message' | 'whatsapp'; at: Date | string; note: string; by: string | null }>(
        tx,
        sql`select distinct on (l.member_id) l.member_id, l.kind, l.at, l.note, trim(u.first_name || ' ' || u.last_name) as by
            from crm_contact_log l left join app_user u on u.id = l.user_id
            where l.organisation_id = ${ctx.organisationId} and l.member_id = any(${idArray(members)})
            order by l.member_id, l.at desc, l.id desc`,
      )
    : [];
  const lastOf = new Map(last.map((l) => [Number(l.member_id), l]));
  const results: TodaysActionRow[] = rows.map((r) => {
    const l = lastOf.get(r.member);
    return {
      member: r.member,
      member_code: r.member_code,
      name: r.name,
      phone: r.phone,
      sale: r.sale,
      kind: r.kind,
      item: r.item,
      end_date: r.end_date,
      due: r.due,
      centre: r.centre,
      centre_name: r.centre_name,
      last_contact: l ? { kind: l.kind, at: new Date(l.at).toISOString(), by: l.by ?? '', note: l.note } : null,
    };
  });
  const more = q.page * q.page_size < count;
  return {
    count,
    next: more ? `?tab=${q.tab}&page=${q.page + 1}` : null,
    previous: q.page > 1 ? `?tab=${q.tab}&page=${q.page - 1}` : null,
    results,
    tab: q.tab,
    days,
  };
}

/** A call, message or WhatsApp to a member, logged by the signed-in user. */
export async function logContact(tx: Tx, ctx: Ctx, input: { member: number; kind: 'call' | 'message' | 'whatsapp'; note: string }) {
  await checkMember(tx, ctx, 'member', input.member);
  const [row] = await tx
    .insert(contactLog)
    .values({
      organisationId: ctx.organisationId,
      memberId: input.member,
      kind: input.kind,
      note: input.note,
      userId: ctx.actor.actorId,
      at: ctx.now.instant,
    })
    .returning();
  const m = (await memberContacts(tx, ctx, [input.member])).get(input.member)!;
  const [by] = await queryRows<{ by: string }>(
    tx,
    sql`select trim(u.first_name || ' ' || u.last_name) as by from app_user u where u.id = ${ctx.actor.actorId ?? 0}`,
  );
  const out = { id: row.id, member: row.memberId, kind: row.kind, note: row.note, by: by?.by ?? '', at: row.at.toISOString() };
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'contact_log',
    objectId: row.id,
    label: `${m.name} (${m.code}): ${row.kind}`,
    action: 'create',
    after: out,
  });
  return out;
}
