/**
 * `@arena/contracts/crm`: CRM Management — enquiries and their follow-ups, complaints, contact
 * groups (saved audiences), today's actions (the members to call), the dashboard, reports, logs.
 */
import { z } from '../zod-config.js';
import {
  dateNearTodaySchema,
  idParamsSchema,
  idSchema,
  paginatedSchema,
  partialWithoutDefaults,
  phoneSchema,
  requiredSingleLineText,
  requiredText,
  singleLine,
  singleLineText,
  text,
  optionalPhoneSchema,
} from '../common.js';
import { auditLogEndpoint, endpoint, listEndpoint, reportEndpoint } from '../endpoint.js';
import { memberInputSchema } from '../membership/membership.js';

const BASE = '/api/crm/' as const;

export const ENQUIRY_SOURCES = ['walk-in', 'phone', 'website', 'instagram', 'facebook', 'referral', 'other'] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];
export const ENQUIRY_SOURCE_LABELS: Record<EnquirySource, string> = {
  'walk-in': 'Walk-in',
  phone: 'Phone',
  website: 'Website',
  instagram: 'Instagram',
  facebook: 'Facebook',
  referral: 'Referral',
  other: 'Other',
};
export const ENQUIRY_STATUSES = ['open', 'closed', 'converted'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const CRM_GENDERS = ['male', 'female', 'other'] as const;
export const FOLLOW_UP_METHODS = ['call', 'email', 'visit', 'whatsapp', 'sms'] as const;
export type FollowUpMethod = (typeof FOLLOW_UP_METHODS)[number];
export const FOLLOW_UP_METHOD_LABELS: Record<FollowUpMethod, string> = {
  call: 'Call',
  email: 'E-mail',
  visit: 'Visit',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};
export const COMPLAINT_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ComplaintPriority = (typeof COMPLAINT_PRIORITIES)[number];
export const COMPLAINT_STATUSES = ['open', 'closed'] as const;
export const CONTACT_KINDS = ['call', 'message', 'whatsapp'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

const optionalEmail = z.union([z.literal(''), singleLine(z.string()).trim().toLowerCase().max(254).pipe(z.email('Invalid email format'))]);
/** A follow-up date: within two years back or ahead. */
const followUpDate = dateNearTodaySchema(730, 730, 'Enter a date within two years of today.');
const idList = (max: number) =>
  z
    .array(idSchema)
    .max(max, `At most ${max}.`)
    .transform((ids) => [...new Set(ids)]);

// ---- enquiry ----
const enquiryFields = {
  name: requiredSingleLineText(120, 'Name is required'),
  /** 10 digits, from the number as pasted (`normalisePhone`). */
  phone: phoneSchema,
  email: optionalEmail.default(''),
  gender: z.enum(CRM_GENDERS, { error: 'Gender must be male, female or other.' }).nullable().default(null),
  source: z.enum(ENQUIRY_SOURCES, { error: `Source must be one of ${ENQUIRY_SOURCES.join(', ')}.` }).default('walk-in'),
  interested_in: text(500).default(''),
  /** Plans of the organisation they asked about (Membership Management's). */
  plans: idList(20).default([]),
  /** Sports of the organisation they asked about. */
  sports: idList(20).default([]),
  /** An active staff member of the organisation. */
  assigned_to: idSchema.nullable().default(null),
  next_follow_up: followUpDate.nullable().default(null),
  notes: text(2000).default(''),
  centre: idSchema,
};
/** `POST enquiry/`, `PUT enquiry/:id/`. The status moves only by close, reopen and convert. */
export const enquiryInputSchema = z.object(enquiryFields);
export type EnquiryInput = z.infer<typeof enquiryInputSchema>;
export const enquiryUpdateSchema = partialWithoutDefaults(enquiryInputSchema);
export type EnquiryUpdate = z.infer<typeof enquiryUpdateSchema>;

export const enquirySchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  gender: z.enum(CRM_GENDERS).nullable(),
  source: z.enum(ENQUIRY_SOURCES),
  interested_in: z.string(),
  plans: z.array(z.number()),
  plan_names: z.array(z.string()),
  sports: z.array(z.number()),
  sport_names: z.array(z.string()),
  assigned_to: z.number().nullable(),
  assigned_to_name: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  next_follow_up: z.string().nullable(),
  notes: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  /** The member it was converted to. */
  member: z.number().nullable(),
  member_name: z.string(),
  member_code: z.string(),
  close_reason: z.string(),
  closed_at: z.string().nullable(),
  converted_at: z.string().nullable(),
  follow_ups: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

export const enquiryCloseSchema = z.object({ reason: requiredText(500, 'A reason is required.') });
/** `POST enquiry/:id/convert/`: the Add Member body (plan and payment included); the member is created and linked. */
export const enquiryConvertSchema = memberInputSchema;

const ENQUIRY = `${BASE}enquiry/` as const;
/**
 * Enquiries. List filters: `status`, `source`, `assigned_to`, `centre`, `follow_up` (`today` |
 * `overdue` | `due`: today or before), search by name or phone; ordering `next_follow_up`,
 * `created_at`, `name`; `format=csv|xlsx`.
 */
export const enquiryEndpoints = {
  list: listEndpoint(ENQUIRY, enquirySchema),
  create: endpoint({ method: 'POST', path: ENQUIRY, body: enquiryInputSchema, response: enquirySchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${ENQUIRY}:id/`, params: idParamsSchema, response: enquirySchema }),
  update: endpoint({ method: 'PUT', path: `${ENQUIRY}:id/`, params: idParamsSchema, body: enquiryInputSchema, response: enquirySchema }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${ENQUIRY}:id/`,
    params: idParamsSchema,
    body: enquiryUpdateSchema,
    response: enquirySchema,
  }),
  remove: endpoint({ method: 'DELETE', path: `${ENQUIRY}:id/`, params: idParamsSchema, status: 204 }),
  /** open → closed, with a reason (else 400). */
  close: endpoint({
    method: 'POST',
    path: `${ENQUIRY}:id/close/`,
    params: idParamsSchema,
    body: enquiryCloseSchema,
    response: enquirySchema,
  }),
  /** closed → open. */
  reopen: endpoint({ method: 'POST', path: `${ENQUIRY}:id/reopen/`, params: idParamsSchema, response: enquirySchema }),
  /** open → converted: creates the member (the Add Member body) and links it; a second convert is a 400. */
  convert: endpoint({
    method: 'POST',
    path: `${ENQUIRY}:id/convert/`,
    params: idParamsSchema,
    body: enquiryConvertSchema,
    response: enquirySchema,
  }),
};

// ---- follow-up history ----
export const followUpInputSchema = z.object({
  enquiry: idSchema,
  /** Today when left out. */
  date: followUpDate.optional(),
  method: z.enum(FOLLOW_UP_METHODS, { error: `Method must be one of ${FOLLOW_UP_METHODS.join(', ')}.` }),
  outcome: requiredText(1000, 'Outcome is required.'),
  /** The enquiry's next follow-up becomes this (null clears it). */
  next_follow_up: followUpDate.nullable().default(null),
  staff: idSchema.nullable().default(null),
});
export type FollowUpInput = z.infer<typeof followUpInputSchema>;
export const followUpSchema = z.object({
  id: z.number(),
  enquiry: z.number(),
  enquiry_name: z.string(),
  date: z.string(),
  method: z.enum(FOLLOW_UP_METHODS),
  outcome: z.string(),
  next_follow_up: z.string().nullable(),
  staff: z.number().nullable(),
  staff_name: z.string(),
  created_at: z.string(),
});
export type FollowUp = z.infer<typeof followUpSchema>;
const FOLLOW_UP = `${BASE}enquiry-followup-history/` as const;
/** Follow-ups; list filters `enquiry`, `staff`, `method`. */
export const followUpEndpoints = {
  list: listEndpoint(FOLLOW_UP, followUpSchema),
  create: endpoint({ method: 'POST', path: FOLLOW_UP, body: followUpInputSchema, response: followUpSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${FOLLOW_UP}:id/`, params: idParamsSchema, response: followUpSchema }),
  remove: endpoint({ method: 'DELETE', path: `${FOLLOW_UP}:id/`, params: idParamsSchema, status: 204 }),
};

// ---- complaint ----
const complaintFields = {
  /** A member of the organisation; or else `name` and `phone`. */
  member: idSchema.nullable().default(null),
  name: singleLineText(120).default(''),
  phone: optionalPhoneSchema.default(''),
  subject: requiredSingleLineText(200, 'Subject is required'),
  description: text(4000).default(''),
  priority: z.enum(COMPLAINT_PRIORITIES, { error: 'Priority must be low, medium or high.' }).default('medium'),
  assigned_to: idSchema.nullable().default(null),
  centre: idSchema.nullable().default(null),
};
export const complaintInputSchema = z.object(complaintFields);
export type ComplaintInput = z.infer<typeof complaintInputSchema>;
export const complaintUpdateSchema = partialWithoutDefaults(complaintInputSchema);
export type ComplaintUpdate = z.infer<typeof complaintUpdateSchema>;
export const complaintSchema = z.object({
  id: z.number(),
  member: z.number().nullable(),
  member_code: z.string(),
  name: z.string(),
  phone: z.string(),
  subject: z.string(),
  description: z.string(),
  priority: z.enum(COMPLAINT_PRIORITIES),
  assigned_to: z.number().nullable(),
  assigned_to_name: z.string(),
  centre: z.number().nullable(),
  centre_name: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  resolution: z.string(),
  resolved_by: z.number().nullable(),
  resolved_by_name: z.string(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Complaint = z.infer<typeof complaintSchema>;
/** Closing needs a resolution (400 on `resolution` otherwise). */
export const complaintCloseSchema = z.object({ resolution: z.string().optional() });
const COMPLAINT = `${BASE}complaint/` as const;
/** Complaints; list filters `status`, `priority`, `assigned_to`, `centre`, `member`, search by name, phone, subject. */
export const complaintEndpoints = {
  list: listEndpoint(COMPLAINT, complaintSchema),
  create: endpoint({ method: 'POST', path: COMPLAINT, body: complaintInputSchema, response: complaintSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${COMPLAINT}:id/`, params: idParamsSchema, response: complaintSchema }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${COMPLAINT}:id/`,
    params: idParamsSchema,
    body: complaintUpdateSchema,
    response: complaintSchema,
  }),
  remove: endpoint({ method: 'DELETE', path: `${COMPLAINT}:id/`, params: idParamsSchema, status: 204 }),
  close: endpoint({
    method: 'POST',
    path: `${COMPLAINT}:id/close/`,
    params: idParamsSchema,
    body: complaintCloseSchema,
    response: complaintSchema,
  }),
  reopen: endpoint({ method: 'POST', path: `${COMPLAINT}:id/reopen/`, params: idParamsSchema, response: complaintSchema }),
};

// ---- contact groups ----
export const RECIPIENT_KINDS = ['member', 'client', 'enquiry'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];
export const AUDIENCES = ['active_members', 'expired_members', 'plan', 'batch', 'open_enquiries', 'booking_clients'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<Audience, string> = {
  active_members: 'Active members',
  expired_members: 'Expired members',
  plan: 'Members of a plan',
  batch: 'Members of a batch',
  open_enquiries: 'Open enquiries',
  booking_clients: 'Booking clients',
};
/** The most recipients a contact group resolves to. */
export const CONTACT_GROUP_MAX = 10_000;
export const contactGroupFilterSchema = z.object({
  audience: z.enum(AUDIENCES, { error: `Audience must be one of ${AUDIENCES.join(', ')}.` }),
  plan: idSchema.nullable().default(null),
  batch: idSchema.nullable().default(null),
});
const entrySchema = z.object({ kind: z.enum(RECIPIENT_KINDS), id: idSchema });
export const contactGroupInputSchema = z.object({
  name: requiredSingleLineText(100, 'Name is required'),
  description: text(500).default(''),
  /** Either the people listed (`members`) or a saved filter. */
  filter: contactGroupFilterSchema.nullable().default(null),
  members: z.array(entrySchema).max(5000, 'At most 5000 people.').default([]),
});
export type ContactGroupInput = z.infer<typeof contactGroupInputSchema>;
export const contactGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  filter: z.object({ audience: z.enum(AUDIENCES), plan: z.number().nullable(), batch: z.number().nullable() }).nullable(),
  members: z.array(z.object({ kind: z.enum(RECIPIENT_KINDS), id: z.number() })),
  size: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactGroup = z.infer<typeof contactGroupSchema>;
export const recipientSchema = z.object({
  kind: z.enum(RECIPIENT_KINDS),
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;
export const contactGroupPreviewSchema = z.object({ count: z.number(), results: z.array(recipientSchema) });
/** `PATCH contact-group/:id/`: only what changes (a list group's people stay as they are unless `members` is sent). */
export const contactGroupUpdateSchema = partialWithoutDefaults(contactGroupInputSchema);
export type ContactGroupUpdate = z.infer<typeof contactGroupUpdateSchema>;
/** People added to or taken out of a list group. */
export const contactGroupPeopleInputSchema = z.object({
  members: z.array(entrySchema).min(1, 'Choose at least one person.').max(5000, 'At most 5000 people.'),
});
export type ContactGroupPeopleInput = z.infer<typeof contactGroupPeopleInputSchema>;
/** The people a group stands for now, a page at a time (search by name, phone or e-mail). */
export const contactGroupPeopleQuerySchema = z.object({
  search: singleLineText(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
});
export const contactGroupPeopleSchema = paginatedSchema(recipientSchema).extend({
  /** The group reaches more than CONTACT_GROUP_MAX: only the first ones are listed (and sent to). */
  capped: z.boolean(),
});
export type ContactGroupPeople = z.infer<typeof contactGroupPeopleSchema>;
const GROUP = `${BASE}contact-group/` as const;
export const contactGroupEndpoints = {
  list: listEndpoint(GROUP, contactGroupSchema),
  create: endpoint({ method: 'POST', path: GROUP, body: contactGroupInputSchema, response: contactGroupSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${GROUP}:id/`, params: idParamsSchema, response: contactGroupSchema }),
  update: endpoint({
    method: 'PUT',
    path: `${GROUP}:id/`,
    params: idParamsSchema,
    body: contactGroupInputSchema,
    response: contactGroupSchema,
  }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${GROUP}:id/`,
    params: idParamsSchema,
    body: contactGroupUpdateSchema,
    response: contactGroupSchema,
  }),
  remove: endpoint({ method: 'DELETE', path: `${GROUP}:id/`, params: idParamsSchema, status: 204 }),
  /** Who it stands for now (a list's people, or whom the filter finds today), by name, a page at a time. */
  people: endpoint({
    method: 'GET',
    path: `${GROUP}:id/people/`,
    params: idParamsSchema,
    query: contactGroupPeopleQuerySchema,
    response: contactGroupPeopleSchema,
  }),
  /** Adds people to a list group (a filter group: 400); those already in it stay once. */
  addPeople: endpoint({
    method: 'POST',
    path: `${GROUP}:id/add-people/`,
    params: idParamsSchema,
    body: contactGroupPeopleInputSchema,
    response: contactGroupSchema,
  }),
  /** Takes people out of a list group; the last one cannot go (delete the group instead). */
  removePeople: endpoint({
    method: 'POST',
    path: `${GROUP}:id/remove-people/`,
    params: idParamsSchema,
    body: contactGroupPeopleInputSchema,
    response: contactGroupSchema,
  }),
  /** How many it resolves to now, and the first 20. */
  preview: endpoint({ method: 'GET', path: `${GROUP}:id/preview/`, params: idParamsSchema, response: contactGroupPreviewSchema }),
};

// ---- today's actions ----
export const TODAYS_ACTION_TABS = ['membership-expiry', 'payment-due', 'service-expiry', 'membership-expired', 'service-expired'] as const;
export type TodaysActionTab = (typeof TODAYS_ACTION_TABS)[number];
export const todaysActionQuerySchema = z.object({
  tab: z.enum(TODAYS_ACTION_TABS).default('membership-expiry'),
  /** The window: expiring within `days` (default 7), or expired within the last `days` (default 30). 0–60. */
  days: z.coerce.number().int().min(0, 'Enter 0 to 60 days.').max(60, 'Enter 0 to 60 days.').optional(),
  centre: idSchema.optional(),
  search: singleLineText(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
});
export const lastContactSchema = z.object({ kind: z.enum(CONTACT_KINDS), at: z.string(), by: z.string(), note: z.string() });
export const todaysActionRowSchema = z.object({
  member: z.number(),
  member_code: z.string(),
  name: z.string(),
  phone: z.string(),
  /** The membership or member service the row is about. */
  sale: z.number(),
  /** What \`sale\` is: a membership or a member service. */
  kind: z.enum(['membership', 'member_service']),
  item: z.string(),
  end_date: z.string(),
  due: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  last_contact: lastContactSchema.nullable(),
});
export type TodaysActionRow = z.infer<typeof todaysActionRowSchema>;
export const todaysActionSchema = paginatedSchema(todaysActionRowSchema).extend({ tab: z.enum(TODAYS_ACTION_TABS), days: z.number() });
export const contactLogInputSchema = z.object({
  member: idSchema,
  kind: z.enum(CONTACT_KINDS),
  note: text(1000).default(''),
});
export const contactLogSchema = z.object({
  id: z.number(),
  member: z.number(),
  kind: z.enum(CONTACT_KINDS),
  note: z.string(),
  by: z.string(),
  at: z.string(),
});
export const todaysActionEndpoints = {
  list: endpoint({ method: 'GET', path: `${BASE}todays-action/`, query: todaysActionQuerySchema, response: todaysActionSchema }),
  /** A call, message or WhatsApp made to a member from today's actions. */
  contact: endpoint({
    method: 'POST',
    path: `${BASE}todays-action/contact/`,
    body: contactLogInputSchema,
    response: contactLogSchema,
    status: 201,
  }),
};

// ---- dashboard, reports, logs ----
export const crmDashboardSchema = z.object({
  open_enquiries: z.number(),
  follow_ups_today: z.number(),
  follow_ups_overdue: z.number(),
  conversion_by_source: z.array(
    z.object({ source: z.enum(ENQUIRY_SOURCES), enquiries: z.number(), converted: z.number(), rate: z.number() }),
  ),
  open_complaints: z.object({ low: z.number(), medium: z.number(), high: z.number() }),
  months: z.array(z.object({ month: z.string(), enquiries: z.number(), conversions: z.number() })),
});
export type CrmDashboard = z.infer<typeof crmDashboardSchema>;
export const crmDashboardEndpoint = endpoint({
  method: 'GET',
  path: `${BASE}dashboard/`,
  query: z.object({ centre: idSchema.optional() }),
  response: crmDashboardSchema,
});

export const complaintReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ priority: z.enum(COMPLAINT_PRIORITIES), received: z.number(), open: z.number(), closed: z.number() })),
  total: z.object({ received: z.number(), open: z.number(), closed: z.number() }),
});
export const enquiryReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      source: z.enum(ENQUIRY_SOURCES),
      enquiries: z.number(),
      open: z.number(),
      closed: z.number(),
      converted: z.number(),
      rate: z.number(),
    }),
  ),
  total: z.object({ enquiries: z.number(), open: z.number(), closed: z.number(), converted: z.number(), rate: z.number() }),
});
export const staffEnquiryReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({ staff: z.number().nullable(), staff_name: z.string(), assigned: z.number(), converted: z.number(), rate: z.number() }),
  ),
  total: z.object({ assigned: z.number(), converted: z.number(), rate: z.number() }),
});
const REPORTS = `${BASE}reports/` as const;
/** By the day each was received: a date window (this month by default), `centre`, `format=csv|xlsx`. */
export const crmReportEndpoints = {
  complaint: reportEndpoint(`${REPORTS}complaint/`, complaintReportSchema),
  enquiry: reportEndpoint(`${REPORTS}enquiry/`, enquiryReportSchema),
  staff: reportEndpoint(`${REPORTS}enquiry/staff/`, staffEnquiryReportSchema),
};
export const crmLogsEndpoint = auditLogEndpoint(`${BASE}logs/`);
export * from './promotion.js';
