/**
 * What Membership Management offers the messaging engine (issue 22): its audiences (active,
 * expiring and expired members, a plan's or a batch's members, chosen members) and its triggers
 * (welcome, birthday, membership expiring in N days, membership expired, payment due N days after
 * the sale, service expiring). Each is one set-based statement over the module's own tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { fieldError, notFound } from '../../platform/errors.js';
import {
  MESSAGE_AUDIENCE_OPTIONS_MAX,
  MESSAGE_RECIPIENTS_MAX,
  type DueRecipient,
  type MessageAudience,
  type MessageRecipient,
  type MessageTrigger,
} from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { memberContacts } from './crm.queries.js';

interface Row {
  id: number;
  name: string;
  phone: string;
  email: string;
  member_code: string;
  centre: string | null;
  plan: string | null;
  end_date: string | null;
  due: string | null;
  service: string | null;
  event_key?: string;
}

const dmy = (column: SQL) => sql`to_char(${column}, 'DD-MM-YYYY')`;

/** Members matching `where` (over `mb`, with the running membership `cur` and its plan `cp`), with their placeholder values. */
async function members(tx: Tx, ctx: Ctx, where: SQL, limit: number): Promise<MessageRecipient[]> {
  const rows = await queryRows<Row>(
    tx,
    sql`select mb.id, trim(mb.first_name || ' ' || mb.last_name) as name, mb.phone, mb.email, mb.member_code, c.name as centre,
          cp.name as plan, ${dmy(sql`cur.end_date`)} as end_date, (cur.total - cur.paid)::text as due, null as service
        from member mb
        left join centre c on c.organisation_id = mb.organisation_id and c.id = mb.centre_id
        left join membership cur on cur.organisation_id = mb.organisation_id and cur.id = mb.current_membership_id
        left join membership_plan cp on cp.organisation_id = cur.organisation_id and cp.id = cur.plan_id
        where mb.organisation_id = ${ctx.organisationId} and mb.is_active and ${where}
        order by mb.id limit ${Math.min(limit, MESSAGE_RECIPIENTS_MAX)}`,
  );
  return rows.map(recipient);
}

function recipient(r: Row): MessageRecipient & { eventKey: string } {
  const values: Record<string, string> = { member_code: r.member_code };
  if (r.centre) values.centre = r.centre;
  if (r.plan) values.plan = r.plan;
  if (r.end_date) values.end_date = r.end_date;
  if (r.due) values.due = r.due;
  if (r.service) values.service = r.service;
  return { kind: 'member', id: Number(r.id), name: r.name, phone: r.phone, email: r.email, values, eventKey: r.event_key ?? '' };
}

const audience = (
  key: string,
  label: string,
  param: MessageAudience['param'],
  where: (input: { param: number | null; ids: number[] }) => SQL,
  choices?: Pick<MessageAudience, 'describe' | 'options'>,
): MessageAudience => ({
  key,
  label,
  module: 'membership',
  kind: 'member',
  param,
  resolve: (tx, ctx, input) => members(tx, ctx, where(input), input.limit),
  ...choices,
});

/**
 * The plans (or batches) a send may name, by name: every one of the organisation's, the switched-off
 * ones too (their members may still be running). Batches of the same name in two centres carry the
 * centre's name.
 */
const choicesOf = (table: 'membership_plan' | 'batch', noun: string): Pick<MessageAudience, 'describe' | 'options'> => {
  const name =
    table === 'batch'
      ? sql`case when c.name is not null and exists (select 1 from batch o where o.organisation_id = t.organisation_id
                   and lower(o.name) = lower(t.name) and o.id <> t.id) then t.name || ' · ' || c.name else t.name end`
      : sql`t.name`;
  const from =
    table === 'batch'
      ? sql`batch t left join centre c on c.organisation_id = t.organisation_id and c.id = t.centre_id`
      : sql`membership_plan t`;
  return {
    async describe(tx, ctx, id) {
      const [row] = await queryRows<{ name: string }>(
        tx,
        sql`select ${name} as name from ${from} where t.organisation_id = ${ctx.organisationId} and t.id = ${id}`,
      );
      if (!row) throw fieldError('param', `Invalid ${noun} "${id}" - object does not exist.`);
      return row.name;
    },
    async options(tx, ctx) {
      const rows = await queryRows<{ id: number; name: string }>(
        tx,
        sql`select t.id, ${name} as name from ${from} where t.organisation_id = ${ctx.organisationId}
            order by lower(${name}), t.id limit ${MESSAGE_AUDIENCE_OPTIONS_MAX}`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name }));
    },
  };
};

export const membershipAudiences: MessageAudience[] = [
  audience('members', 'Chosen members', 'ids', ({ ids }) => sql`mb.id in ${ids.length ? ids : [0]}`),
  audience('active_members', 'Active members', null, () => sql`mb.status in ('active', 'expiring', 'frozen')`),
  audience('expiring_members', 'Members expiring soon', null, () => sql`mb.status = 'expiring'`),
  audience('expired_members', 'Expired members', null, () => sql`mb.status = 'expired'`),
  audience(
    'plan_members',
    "A plan's members",
    'plan',
    ({ param }) => sql`exists (select 1 from membership m where m.organisation_id = mb.organisation_id and m.member_id = mb.id
                               and m.plan_id = ${param} and m.status in ('upcoming', 'active', 'expiring', 'frozen'))`,
    choicesOf('membership_plan', 'plan'),
  ),
  audience(
    'batch_members',
    "A batch's members",
    'batch',
    ({ param }) => sql`exists (select 1 from batch_member bm where bm.organisation_id = mb.organisation_id and bm.member_id = mb.id
                               and bm.batch_id = ${param} and bm.freed_on is null)`,
    choicesOf('batch', 'batch'),
  ),
];

const MEMBER_VALUES = ['member_code', 'centre', 'plan', 'end_date', 'due'];

/** Sales (memberships or member services) matching `where` over `s`, one recipient per sale with its event key. */
async function dueSales(tx: Tx, ctx: Ctx, kind: 'membership' | 'service', where: SQL, eventKey: SQL): Promise<DueRecipient[]> {
  const table = kind === 'membership' ? sql`membership` : sql`member_service`;
  const item =
    kind === 'membership'
      ? sql`(select p.name from membership_plan p where p.organisation_id = s.organisation_id and p.id = s.plan_id)`
      : sql`(select v.name from membership_service v where v.organisation_id = s.organisation_id and v.id = s.service_id)`;
  const rows = await queryRows<Row>(
    tx,
    sql`select mb.id, trim(mb.first_name || ' ' || mb.last_name) as name, mb.phone, mb.email, mb.member_code, c.name as centre,
          ${kind === 'membership' ? item : sql`null`} as plan, ${dmy(sql`s.end_date`)} as end_date, (s.total - s.paid)::text as due,
          ${kind === 'service' ? item : sql`null`} as service, ${eventKey} as event_key
        from ${table} s
        join member mb on mb.organisation_id = s.organisation_id and mb.id = s.member_id
        left join centre c on c.organisation_id = s.organisation_id and c.id = s.centre_id
        where s.organisation_id = ${ctx.organisationId} and s.cancelled_at is null and mb.is_active and ${where}
        order by s.id limit ${MESSAGE_RECIPIENTS_MAX}`,
  );
  return rows.map(recipient);
}

const notRenewed = sql`not exists (select 1 from membership n where n.organisation_id = s.organisation_id and n.renewed_from_id = s.id and n.cancelled_at is null)`;

export const membershipTriggers: MessageTrigger[] = [
  {
    key: 'membership.welcome',
    label: 'Welcome (new member)',
    module: 'membership',
    placeholders: ['member_code', 'centre', 'plan', 'end_date', 'due'],
    offset: null,
    // Members who joined today or yesterday (a run missed at midnight still welcomes them), once each.
    due: async (tx, ctx, { today }) =>
      (
        await members(
          tx,
          ctx,
          sql`(mb.created_at at time zone ${ctx.timeZone})::date between ${today}::date - 1 and ${today}::date`,
          MESSAGE_RECIPIENTS_MAX,
        )
      ).map((r) => ({ ...r, eventKey: `welcome:${r.id}` })),
  },
  {
    key: 'membership.birthday',
    label: 'Birthday',
    module: 'membership',
    placeholders: MEMBER_VALUES,
    offset: null,
    due: async (tx, ctx, { today }) =>
      (
        await members(
          tx,
          ctx,
          sql`mb.date_of_birth is not null and to_char(mb.date_of_birth, 'MM-DD') = to_char(${today}::date, 'MM-DD')`,
          MESSAGE_RECIPIENTS_MAX,
        )
      ).map((r) => ({ ...r, eventKey: `birthday:${r.id}:${today.slice(0, 4)}` })),
  },
  {
    key: 'membership.expiring',
    label: 'Membership expiring in N days',
    module: 'membership',
    placeholders: MEMBER_VALUES,
    offset: { unit: 'days', label: 'Days before the end date', min: 0, max: 60, default: 7 },
    due: (tx, ctx, { offset, today }) =>
      dueSales(
        tx,
        ctx,
        'membership',
        sql`s.end_date = ${today}::date + ${offset}::int and s.status <> 'frozen' and ${notRenewed}`,
        sql`'expiring:' || s.id || ':' || s.end_date`,
      ),
  },
  {
    key: 'membership.expired',
    label: 'Membership expired',
    module: 'membership',
    placeholders: MEMBER_VALUES,
    offset: { unit: 'days', label: 'Days after it ended', min: 0, max: 60, default: 0 },
    due: (tx, ctx, { offset, today }) =>
      dueSales(
        tx,
        ctx,
        'membership',
        sql`s.end_date = ${today}::date - 1 - ${offset}::int and ${notRenewed}`,
        sql`'expired:' || s.id || ':' || s.end_date`,
      ),
  },
  {
    key: 'membership.payment_due',
    label: 'Payment due (N days after the sale)',
    module: 'membership',
    placeholders: MEMBER_VALUES,
    offset: { unit: 'days', label: 'Days after the start date', min: 0, max: 90, default: 3 },
    due: (tx, ctx, { offset, today }) =>
      dueSales(tx, ctx, 'membership', sql`s.paid < s.total and s.start_date = ${today}::date - ${offset}::int`, sql`'due:' || s.id`),
  },
  {
    key: 'membership.service_expiring',
    label: 'Service expiring in N days',
    module: 'membership',
    placeholders: ['member_code', 'centre', 'service', 'end_date', 'due'],
    offset: { unit: 'days', label: 'Days before the end date', min: 0, max: 60, default: 3 },
    due: (tx, ctx, { offset, today }) =>
      dueSales(tx, ctx, 'service', sql`s.end_date = ${today}::date + ${offset}::int`, sql`'service:' || s.id || ':' || s.end_date`),
  },
];

/** The manifest's part (`...membershipMessaging`). */
export const membershipMessaging = { messageAudiences: membershipAudiences, messageTriggers: membershipTriggers };

/** One member as a message's recipient, with `values` for the sending module's placeholders (`{plan}` of a diet …); 404 for none. */
export async function memberRecipient(tx: Tx, ctx: Ctx, id: number, values: Record<string, string>): Promise<MessageRecipient> {
  const c = (await memberContacts(tx, ctx, [id])).get(id);
  if (!c) throw notFound();
  return { kind: 'member', id, name: c.name, phone: c.phone, email: c.email, values: { member_code: c.code, ...values } };
}

/**
 * The members whose ids `ids` (a subquery of another module's own table) selects, as message
 * recipients, active members only, at most `limit`; `values` fill that module's placeholders
 * (a diet plan's name as `{plan}` …) over membership's own.
 */
export async function membersIn(
  tx: Tx,
  ctx: Ctx,
  ids: SQL,
  limit: number,
  values: Record<string, string> = {},
): Promise<MessageRecipient[]> {
  const found = await members(tx, ctx, sql`mb.id in (${ids})`, limit);
  return found.map((r) => ({ ...r, values: { ...r.values, ...values } }));
}
