/**
 * CRM Management: enquiries (leads) and their follow-ups, complaints, contact groups (saved
 * audiences) and the contacts made from today's actions. Members, plans and staff are other
 * modules' rows, referred to by composite keys their public files offer.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { appUser } from '../../platform/db/schema.js';
import { centre } from '../administrator/index.js';
import { referencesMember } from '../membership/index.js';
import { referencesStaff } from '../staff/index.js';

export const enquiry = tenantTable(
  'crm_enquiry',
  {
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    gender: text('gender', { enum: ['male', 'female', 'other'] }),
    source: text('source', { enum: ['walk-in', 'phone', 'website', 'instagram', 'facebook', 'referral', 'other'] }).notNull(),
    interestedIn: text('interested_in').notNull().default(''),
    /** Membership plans asked about (checked to be the organisation's on every write). */
    planIds: bigint('plan_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Sports asked about (checked to be the organisation's on every write). */
    sportIds: bigint('sport_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    assignedTo: ref('assigned_to'),
    status: text('status', { enum: ['open', 'closed', 'converted'] })
      .notNull()
      .default('open'),
    nextFollowUp: date('next_follow_up'),
    notes: text('notes').notNull().default(''),
    centreId: ref('centre_id').notNull(),
    memberId: ref('member_id'),
    closeReason: text('close_reason').notNull().default(''),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.centreId, () => centre),
    referencesStaff(t, t.assignedTo),
    referencesMember(t, t.memberId),
    index('crm_enquiry_org_status_follow_idx').on(t.organisationId, t.status, t.nextFollowUp),
    index('crm_enquiry_org_created_idx').on(t.organisationId, t.createdAt),
    index('crm_enquiry_org_phone_idx').on(t.organisationId, t.phone),
    check('crm_enquiry_status', sql`${t.status} in ('open', 'closed', 'converted')`),
    check('crm_enquiry_converted', sql`(${t.status} = 'converted') = (${t.memberId} is not null)`),
    check('crm_enquiry_closed', sql`${t.status} <> 'closed' or ${t.closeReason} <> ''`),
  ],
);
export type EnquiryRow = typeof enquiry.$inferSelect;

export const followUp = tenantTable(
  'crm_enquiry_follow_up',
  {
    enquiryId: ref('enquiry_id').notNull(),
    date: date('date').notNull(),
    method: text('method', { enum: ['call', 'email', 'visit', 'whatsapp', 'sms'] }).notNull(),
    outcome: text('outcome').notNull(),
    nextFollowUp: date('next_follow_up'),
    staffId: ref('staff_id'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.enquiryId, () => enquiry, { onDelete: 'cascade' }),
    referencesStaff(t, t.staffId),
    index('crm_follow_up_enquiry_idx').on(t.organisationId, t.enquiryId, t.date),
    check('crm_follow_up_method', sql`${t.method} in ('call', 'email', 'visit', 'whatsapp', 'sms')`),
  ],
);
export type FollowUpRow = typeof followUp.$inferSelect;

export const complaint = tenantTable(
  'crm_complaint',
  {
    memberId: ref('member_id'),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull(),
    description: text('description').notNull().default(''),
    priority: text('priority', { enum: ['low', 'medium', 'high'] }).notNull(),
    assignedTo: ref('assigned_to'),
    centreId: ref('centre_id'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    resolution: text('resolution').notNull().default(''),
    resolvedBy: ref('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    referencesMember(t, t.memberId),
    referencesStaff(t, t.assignedTo),
    tenantRef(t, t.centreId, () => centre),
    tenantRef(t, t.resolvedBy, () => appUser),
    index('crm_complaint_org_status_idx').on(t.organisationId, t.status, t.createdAt),
    check('crm_complaint_priority', sql`${t.priority} in ('low', 'medium', 'high')`),
    check('crm_complaint_status', sql`${t.status} in ('open', 'closed')`),
    check('crm_complaint_resolution', sql`${t.status} = 'open' or ${t.resolution} <> ''`),
    check('crm_complaint_from', sql`${t.memberId} is not null or (${t.name} <> '' and ${t.phone} <> '')`),
  ],
);
export type ComplaintRow = typeof complaint.$inferSelect;

/** A saved audience: the people listed, or a filter resolved when it is used. */
export const contactGroup = tenantTable(
  'crm_contact_group',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    filter: jsonb('filter').$type<{ audience: string; plan: number | null; batch: number | null }>(),
    entries: jsonb('entries')
      .$type<{ kind: 'member' | 'client' | 'enquiry'; id: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  (t) => [index('crm_contact_group_org_name_idx').on(t.organisationId, sql`lower(${t.name})`)],
);
export type ContactGroupRow = typeof contactGroup.$inferSelect;

/** A call, message or WhatsApp to a member from today's actions. */
export const contactLog = tenantTable(
  'crm_contact_log',
  {
    memberId: ref('member_id').notNull(),
    kind: text('kind', { enum: ['call', 'message', 'whatsapp'] }).notNull(),
    note: text('note').notNull().default(''),
    userId: ref('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    referencesMember(t, t.memberId, 'cascade'),
    tenantRef(t, t.userId, () => appUser),
    index('crm_contact_log_member_idx').on(t.organisationId, t.memberId, t.at),
    check('crm_contact_log_kind', sql`${t.kind} in ('call', 'message', 'whatsapp')`),
  ],
);

/**
 * A promotion: a template sent on a channel to an audience now or at a scheduled time, through the
 * messaging engine (its messages carry `source` promotion and this id). The template and the
 * audience are the messaging engine's: their names are kept as they were when it was made.
 */
export const promotion = tenantTable(
  'crm_promotion',
  {
    name: text('name').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    templateName: text('template_name').notNull(),
    audience: text('audience').notNull(),
    audienceLabel: text('audience_label').notNull(),
    param: bigint('param', { mode: 'number' }),
    paramLabel: text('param_label').notNull().default(''),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    status: text('status', { enum: ['scheduled', 'sent', 'failed', 'cancelled'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error').notNull().default(''),
    recipients: integer('recipients').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('crm_promotion_org_created_idx').on(t.organisationId, t.createdAt),
    index('crm_promotion_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled'`),
    check('crm_promotion_status', sql`${t.status} in ('scheduled', 'sent', 'failed', 'cancelled')`),
    check('crm_promotion_channel', sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
    check('crm_promotion_sent', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
  ],
);
export type PromotionRow = typeof promotion.$inferSelect;
