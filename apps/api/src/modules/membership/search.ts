import { MEMBER_STATUS_LABELS, phoneSearchText } from '@arena/contracts';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Searcher } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { containsPattern } from '../../platform/pagination.js';
import { MODULE } from './constants.js';
import { member } from './schema.js';

const like = containsPattern;

/** The members whose name, code, phone or e-mail contains `q`, active ones first, newest first: at most `limit`. */
export function matchingMembers(tx: Tx, ctx: Ctx, q: string, limit: number) {
  return tx
    .select({
      id: member.id,
      code: member.memberCode,
      first: member.firstName,
      last: member.lastName,
      phone: member.phone,
      photo: member.photo,
      status: member.status,
    })
    .from(member)
    .where(
      and(
        eq(member.organisationId, ctx.organisationId),
        or(
          ilike(sql`${member.firstName} || ' ' || ${member.lastName}`, like(q)),
          ilike(member.memberCode, like(q)),
          ilike(member.phone, like(phoneSearchText(q) ?? q)),
          ilike(member.email, like(q)),
        ),
      ),
    )
    .orderBy(desc(member.isActive), desc(member.id))
    .limit(limit);
}

/** Members by name, phone, code or e-mail (the top bar's member search): active ones first. */
const members: Searcher = {
  module: MODULE,
  search: async (tx, ctx, q, limit) => {
    const rows = await matchingMembers(tx, ctx, q, limit);
    return rows.map((r) => ({
      kind: 'member',
      id: r.id,
      title: `${r.first} ${r.last}`.trim(),
      subtitle: `${r.code} · ${r.phone} · ${MEMBER_STATUS_LABELS[r.status]}`,
      path: `/membership/members/${r.id}`,
    }));
  },
};

export const membershipSearchers = [members];
