/**
 * What CRM Management offers the messaging engine (issue 22): its audiences — a contact group
 * (resolved when the message goes), open enquiries, chosen enquiries — and the trigger
 * "enquiry follow-up due", which messages the staff member an open enquiry is assigned to on the
 * day its follow-up falls due (once per enquiry and date).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { fieldError } from '../../platform/errors.js';
import {
  MESSAGE_AUDIENCE_OPTIONS_MAX,
  MESSAGE_RECIPIENTS_MAX,
  type DueRecipient,
  type MessageAudience,
  type MessageRecipient,
  type MessageTrigger,
} from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { staffContacts } from '../staff/index.js';
import { resolveContactGroup } from './contact-group.service.js';
import { contactGroup } from './schema.js';

const asRecipient = (r: { kind: string; id: number; name: string; phone: string; email: string }): MessageRecipient => ({
  kind: r.kind,
  id: r.id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  // first_name, last_name, name and phone: the engine fills them from the recipient (`valuesOf`).
  values: {},
});

async function enquiries(tx: Tx, ctx: Ctx, where: SQL, limit: number): Promise<MessageRecipient[]> {
  const rows = await queryRows<{ id: number; name: string; phone: string; email: string; centre: string | null }>(
    tx,
    sql`select e.id, e.name, e.phone, e.email, c.name as centre from crm_enquiry e
          left join centre c on c.organisation_id = e.organisation_id and c.id = e.centre_id
        where e.organisation_id = ${ctx.organisationId} and ${where}
        order by e.id limit ${Math.min(limit, MESSAGE_RECIPIENTS_MAX)}`,
  );
  return rows.map((r) => {
    const recipient = asRecipient({ kind: 'enquiry', ...r });
    return {
      ...recipient,
      values: { ...recipient.values, enquiry_name: r.name, enquiry_phone: r.phone, ...(r.centre ? { centre: r.centre } : {}) },
    };
  });
}

export const crmAudiences: MessageAudience[] = [
  {
    key: 'contact_group',
    label: 'A contact group',
    module: 'crm',
    kind: 'contact',
    param: 'contact_group',
    async describe(tx, ctx, id) {
      const [row] = await tx
        .select({ name: contactGroup.name })
        .from(contactGroup)
        .where(and(eq(contactGroup.organisationId, ctx.organisationId), eq(contactGroup.id, id)));
      if (!row) throw fieldError('param', `Invalid pk "${id}" - object does not exist.`);
      return row.name;
    },
    options: (tx, ctx) =>
      tx
        .select({ id: contactGroup.id, name: contactGroup.name })
        .from(contactGroup)
        .where(eq(contactGroup.organisationId, ctx.organisationId))
        .orderBy(asc(sql`lower(${contactGroup.name})`), asc(contactGroup.id))
        .limit(MESSAGE_AUDIENCE_OPTIONS_MAX),
    resolve: async (tx, ctx, { param, limit }) => (param ? (await resolveContactGroup(tx, ctx, param, limit)).map(asRecipient) : []),
  },
  {
    key: 'open_enquiries',
    label: 'Open enquiries',
    module: 'crm',
    kind: 'enquiry',
    param: null,
    resolve: (tx, ctx, { limit }) => enquiries(tx, ctx, sql`e.status = 'open'`, limit),
  },
  {
    key: 'enquiries',
    label: 'Chosen enquiries',
    module: 'crm',
    kind: 'enquiry',
    param: 'ids',
    resolve: (tx, ctx, { ids, limit }) => (ids.length ? enquiries(tx, ctx, sql`e.id = any(${idArray(ids)})`, limit) : Promise.resolve([])),
  },
];

export const crmTriggers: MessageTrigger[] = [
  {
    key: 'enquiry_follow_up_due',
    label: 'Enquiry follow-up due (to the assigned staff)',
    module: 'crm',
    placeholders: ['first_name', 'name', 'enquiry_name', 'enquiry_phone', 'date', 'centre'],
    offset: null,
    async due(tx, ctx, { today }): Promise<DueRecipient[]> {
      const due = await queryRows<{ enquiry: number; staff: number; name: string; phone: string; centre: string | null; date: string }>(
        tx,
        sql`select e.id as enquiry, e.assigned_to as staff, e.name, e.phone, c.name as centre, to_char(e.next_follow_up, 'DD-MM-YYYY') as date
            from crm_enquiry e left join centre c on c.organisation_id = e.organisation_id and c.id = e.centre_id
            where e.organisation_id = ${ctx.organisationId} and e.status = 'open' and e.assigned_to is not null
              and e.next_follow_up = ${today}::date
            order by e.id limit ${MESSAGE_RECIPIENTS_MAX}`,
      );
      const staff = await staffContacts(
        tx,
        ctx,
        due.map((d) => d.staff),
      );
      return due.flatMap((d) => {
        const s = staff.get(Number(d.staff));
        if (!s) return [];
        return [
          {
            kind: 'staff',
            id: s.id,
            name: s.name,
            phone: s.phone,
            email: s.email,
            values: {
              first_name: s.first_name,
              enquiry_name: d.name,
              enquiry_phone: d.phone,
              date: d.date,
              ...(d.centre ? { centre: d.centre } : {}),
            },
            eventKey: `enquiry:${d.enquiry}:${today}`,
          },
        ];
      });
    },
  },
];
