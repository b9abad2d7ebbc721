/** CRM Management's routes: enquiries, follow-ups, complaints, contact groups, today's actions, dashboard, reports, logs. */
import { ORG_TODAY } from '../../platform/time.js';
import { idSchema, z } from '@arena/contracts';
import {
  COMPLAINT_PRIORITIES,
  COMPLAINT_STATUSES,
  complaintEndpoints as ce,
  contactGroupEndpoints as ge,
  crmDashboardEndpoint,
  crmLogsEndpoint,
  crmReportEndpoints as re,
  ENQUIRY_SOURCE_LABELS,
  ENQUIRY_SOURCES,
  ENQUIRY_STATUSES,
  enquiryEndpoints as ee,
  FOLLOW_UP_METHOD_LABELS,
  FOLLOW_UP_METHODS,
  followUpEndpoints as fe,
  todaysActionEndpoints as te,
  type Complaint,
  type ContactGroup,
  type Enquiry,
  type FollowUp,
} from '@arena/contracts/crm';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { centre } from '../administrator/index.js';
import { staffNames } from '../staff/index.js';
import {
  closeComplaint,
  complaintFields,
  complaintFrom,
  complaintsJson,
  createComplaint,
  deleteComplaint,
  loadComplaint,
  reopenComplaint,
  updateComplaint,
  type ComplaintJoin,
} from './complaint.service.js';
import { MODULE } from './constants.js';
import {
  addContactGroupPeople,
  contactGroupJson,
  contactGroupPeople,
  createContactGroup,
  deleteContactGroup,
  loadContactGroupRow,
  patchContactGroup,
  previewContactGroup,
  removeContactGroupPeople,
  updateContactGroup,
} from './contact-group.service.js';
import { crmDashboard } from './dashboard.js';
import {
  addFollowUp,
  closeEnquiry,
  convertEnquiry,
  createEnquiry,
  deleteEnquiry,
  deleteFollowUp,
  enquiriesJson,
  enquiryFields,
  enquiryFrom,
  followUpFields,
  followUpFrom,
  followUpsJson,
  loadEnquiry,
  loadFollowUp,
  reopenEnquiry,
  updateEnquiry,
  type EnquiryJoin,
  type FollowUpJoin,
} from './enquiry.service.js';
import { complaintReportDefinition, enquiryReportDefinition, staffEnquiryReportDefinition } from './reports/crm-reports.js';
import { complaint, contactGroup, enquiry, followUp, type ContactGroupRow } from './schema.js';
import { logContact, todaysActionPage } from './todays-action.service.js';

const tags = ['crm'];
const module = MODULE;
const STATUS_LABELS = { open: 'Open', closed: 'Closed', converted: 'Converted' } as const;
const staffName = async (id: number, tx: Parameters<typeof staffNames>[0], ctx: Parameters<typeof staffNames>[1]) =>
  (await staffNames(tx, ctx, [id])).get(id) ?? `#${id}`;
const FOLLOW_UP_WINDOWS = ['today', 'overdue', 'due'] as const;

const enquiryList: ListDefinition<EnquiryJoin, Enquiry> = {
  from: enquiryFrom,
  fields: enquiryFields,
  where: (ctx) => eq(enquiry.organisationId, ctx.organisationId),
  search: [enquiry.name, enquiry.phone, enquiry.email],
  filters: {
    status: {
      schema: z.enum(ENQUIRY_STATUSES),
      where: (v: (typeof ENQUIRY_STATUSES)[number]) => eq(enquiry.status, v),
      label: 'Status',
      show: (v: (typeof ENQUIRY_STATUSES)[number]) => STATUS_LABELS[v],
    },
    source: {
      schema: z.enum(ENQUIRY_SOURCES),
      where: (v: (typeof ENQUIRY_SOURCES)[number]) => eq(enquiry.source, v),
      label: 'Source',
      show: (v: (typeof ENQUIRY_SOURCES)[number]) => ENQUIRY_SOURCE_LABELS[v],
    },
    assigned_to: { schema: idSchema, where: (v: number) => eq(enquiry.assignedTo, v), label: 'Assigned to', show: staffName },
    centre: { schema: idSchema, where: (v: number) => eq(enquiry.centreId, v), label: 'Center', show: showName(centre) },
    member: { schema: idSchema, where: (v: number) => eq(enquiry.memberId, v), label: 'Member' },
    /** Open enquiries whose next follow-up is today, before today (overdue), or either (due). */
    follow_up: {
      schema: z.enum(FOLLOW_UP_WINDOWS),
      where: (v: (typeof FOLLOW_UP_WINDOWS)[number]) =>
        sql`${enquiry.status} = 'open' and ${enquiry.nextFollowUp} ${sql.raw(v === 'today' ? '=' : v === 'overdue' ? '<' : '<=')} ${ORG_TODAY}`,
      label: 'Follow-up',
      show: (v: string) => (v === 'today' ? 'Due today' : v === 'overdue' ? 'Overdue' : 'Due'),
    },
  },
  ordering: { next_follow_up: enquiry.nextFollowUp, created_at: enquiry.createdAt, name: enquiry.name, status: enquiry.status },
  defaultOrdering: [sql`${enquiry.nextFollowUp} asc nulls last`, desc(enquiry.createdAt)],
  tiebreak: enquiry.id,
  map: enquiriesJson,
  export: {
    filename: 'enquiries',
    title: 'Enquiries',
    columns: [
      { header: 'Name', value: (e) => e.name },
      { header: 'Phone', value: (e) => e.phone },
      { header: 'Email', value: (e) => e.email },
      { header: 'Source', value: (e) => ENQUIRY_SOURCE_LABELS[e.source] },
      { header: 'Interested in', value: (e) => [e.interested_in, ...e.plan_names, ...e.sport_names].filter(Boolean).join(', ') },
      { header: 'Assigned to', value: (e) => e.assigned_to_name },
      { header: 'Status', value: (e) => STATUS_LABELS[e.status] },
      { header: 'Next follow-up', value: (e) => e.next_follow_up, type: 'date' },
      { header: 'Center', value: (e) => e.centre_name },
      { header: 'Member', value: (e) => (e.member_code ? `${e.member_name} (${e.member_code})` : '') },
      { header: 'Created', value: (e) => e.created_at, type: 'datetime' },
    ],
  },
};

const followUpList: ListDefinition<FollowUpJoin, FollowUp> = {
  from: followUpFrom,
  fields: followUpFields,
  where: (ctx) => eq(followUp.organisationId, ctx.organisationId),
  search: [followUp.outcome, enquiry.name],
  filters: {
    enquiry: { schema: idSchema, where: (v: number) => eq(followUp.enquiryId, v), label: 'Enquiry' },
    staff: { schema: idSchema, where: (v: number) => eq(followUp.staffId, v), label: 'Staff', show: staffName },
    method: {
      schema: z.enum(FOLLOW_UP_METHODS),
      where: (v: (typeof FOLLOW_UP_METHODS)[number]) => eq(followUp.method, v),
      label: 'Method',
      show: (v: (typeof FOLLOW_UP_METHODS)[number]) => FOLLOW_UP_METHOD_LABELS[v],
    },
  },
  ordering: { date: followUp.date, created_at: followUp.createdAt },
  defaultOrdering: [desc(followUp.date), desc(followUp.createdAt)],
  tiebreak: followUp.id,
  map: followUpsJson,
  export: {
    filename: 'enquiry-follow-ups',
    title: 'Enquiry follow-ups',
    columns: [
      { header: 'Enquiry', value: (f) => f.enquiry_name },
      { header: 'Date', value: (f) => f.date, type: 'date' },
      { header: 'Method', value: (f) => FOLLOW_UP_METHOD_LABELS[f.method] },
      { header: 'Outcome', value: (f) => f.outcome },
      { header: 'Next follow-up', value: (f) => f.next_follow_up, type: 'date' },
      { header: 'Staff', value: (f) => f.staff_name },
    ],
  },
};

const complaintList: ListDefinition<ComplaintJoin, Complaint> = {
  from: complaintFrom,
  fields: complaintFields,
  where: (ctx) => eq(complaint.organisationId, ctx.organisationId),
  search: [complaint.subject, complaint.name, complaint.phone],
  filters: {
    status: {
      schema: z.enum(COMPLAINT_STATUSES),
      where: (v: 'open' | 'closed') => eq(complaint.status, v),
      label: 'Status',
      show: (v: string) => (v === 'open' ? 'Open' : 'Closed'),
    },
    priority: {
      schema: z.enum(COMPLAINT_PRIORITIES),
      where: (v: 'low' | 'medium' | 'high') => eq(complaint.priority, v),
      label: 'Priority',
    },
    assigned_to: { schema: idSchema, where: (v: number) => eq(complaint.assignedTo, v), label: 'Assigned to', show: staffName },
    centre: { schema: idSchema, where: (v: number) => eq(complaint.centreId, v), label: 'Center', show: showName(centre) },
    member: { schema: idSchema, where: (v: number) => eq(complaint.memberId, v), label: 'Member' },
  },
  ordering: {
    created_at: complaint.createdAt,
    priority: sql`case ${complaint.priority} when 'high' then 0 when 'medium' then 1 else 2 end`,
    resolved_at: complaint.resolvedAt,
  },
  defaultOrdering: [desc(complaint.createdAt)],
  tiebreak: complaint.id,
  map: complaintsJson,
  export: {
    filename: 'complaints',
    title: 'Complaints',
    columns: [
      { header: 'Received', value: (c) => c.created_at, type: 'datetime' },
      { header: 'From', value: (c) => (c.member_code ? `${c.name} (${c.member_code})` : c.name) },
      { header: 'Phone', value: (c) => c.phone },
      { header: 'Subject', value: (c) => c.subject },
      { header: 'Priority', value: (c) => c.priority },
      { header: 'Assigned to', value: (c) => c.assigned_to_name },
      { header: 'Status', value: (c) => (c.status === 'open' ? 'Open' : 'Closed') },
      { header: 'Resolution', value: (c) => c.resolution },
      { header: 'Resolved by', value: (c) => c.resolved_by_name },
      { header: 'Resolved', value: (c) => c.resolved_at, type: 'datetime' },
    ],
  },
};

const groupList: ListDefinition<{ g: ContactGroupRow }, ContactGroup> = {
  from: (tx, fields) =>
    tx
      .select(fields as { g: typeof contactGroup })
      .from(contactGroup)
      .$dynamic(),
  fields: { g: contactGroup },
  where: (ctx) => eq(contactGroup.organisationId, ctx.organisationId),
  search: [contactGroup.name, contactGroup.description],
  ordering: { name: contactGroup.name, created_at: contactGroup.createdAt },
  defaultOrdering: [asc(contactGroup.name)],
  tiebreak: contactGroup.id,
  map: (_tx, _ctx, rows) => rows.map((r) => contactGroupJson(r.g)),
  export: {
    filename: 'contact-groups',
    title: 'Contact groups',
    columns: [
      { header: 'Name', value: (g) => g.name },
      { header: 'Description', value: (g) => g.description },
      { header: 'Kind', value: (g) => (g.filter ? `Filter: ${g.filter.audience}` : `${g.members.length} listed`) },
    ],
  },
};

export async function crmRoutes(app: FastifyInstance): Promise<void> {
  // ---- enquiries ----
  listRoute(app, ee.list, {
    module,
    tags,
    summary: 'Enquiries (filters: status, source, assigned_to, centre, follow_up; search: name, phone)',
    list: enquiryList,
  });
  route(app, ee.create, {
    module,
    tags,
    summary: 'Add an enquiry',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createEnquiry(tx, ctx, request.body))),
  });
  route(app, ee.retrieve, {
    module,
    tags,
    summary: 'An enquiry',
    handler: async (request) => inTenant(request, (tx, ctx) => loadEnquiry(tx, ctx, request.params.id)),
  });
  for (const endpoint of [ee.update, ee.partialUpdate])
    route(app, endpoint, {
      module,
      tags,
      summary: 'Edit an enquiry',
      handler: async (request) => inTenant(request, (tx, ctx) => updateEnquiry(tx, ctx, request.params.id, request.body)),
    });
  route(app, ee.remove, {
    module,
    tags,
    summary: 'Delete an enquiry (and its follow-ups); a converted one stays (400)',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteEnquiry(tx, ctx, request.params.id));
      return reply.status(204).send(null);
    },
  });
  route(app, ee.close, {
    module,
    tags,
    summary: 'Close an open enquiry, with a reason',
    handler: async (request) => inTenant(request, (tx, ctx) => closeEnquiry(tx, ctx, request.params.id, request.body.reason)),
  });
  route(app, ee.reopen, {
    module,
    tags,
    summary: 'Reopen a closed enquiry',
    handler: async (request) => inTenant(request, (tx, ctx) => reopenEnquiry(tx, ctx, request.params.id)),
  });
  route(app, ee.convert, {
    module,
    tags,
    summary: 'Convert an open enquiry: add the member (Add Member’s body: plan and payment) and link it',
    handler: async (request) => inTenant(request, (tx, ctx) => convertEnquiry(tx, ctx, request.params.id, request.body)),
  });

  // ---- follow-ups ----
  listRoute(app, fe.list, { module, tags, summary: 'Enquiry follow-ups (filters: enquiry, staff, method)', list: followUpList });
  route(app, fe.create, {
    module,
    tags,
    summary: 'Log a follow-up (sets the enquiry’s next follow-up)',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => addFollowUp(tx, ctx, request.body))),
  });
  route(app, fe.retrieve, {
    module,
    tags,
    summary: 'A follow-up',
    handler: async (request) => inTenant(request, (tx, ctx) => loadFollowUp(tx, ctx, request.params.id)),
  });
  route(app, fe.remove, {
    module,
    tags,
    summary: 'Delete a follow-up',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteFollowUp(tx, ctx, request.params.id));
      return reply.status(204).send(null);
    },
  });

  // ---- complaints ----
  listRoute(app, ce.list, {
    module,
    tags,
    summary: 'Complaints (filters: status, priority, assigned_to, centre, member)',
    list: complaintList,
  });
  route(app, ce.create, {
    module,
    tags,
    summary: 'Record a complaint',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createComplaint(tx, ctx, request.body))),
  });
  route(app, ce.retrieve, {
    module,
    tags,
    summary: 'A complaint',
    handler: async (request) => inTenant(request, (tx, ctx) => loadComplaint(tx, ctx, request.params.id)),
  });
  route(app, ce.partialUpdate, {
    module,
    tags,
    summary: 'Edit or assign a complaint',
    handler: async (request) => inTenant(request, (tx, ctx) => updateComplaint(tx, ctx, request.params.id, request.body)),
  });
  route(app, ce.remove, {
    module,
    tags,
    summary: 'Delete a complaint',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteComplaint(tx, ctx, request.params.id));
      return reply.status(204).send(null);
    },
  });
  route(app, ce.close, {
    module,
    tags,
    summary: 'Close a complaint with its resolution',
    handler: async (request) => inTenant(request, (tx, ctx) => closeComplaint(tx, ctx, request.params.id, request.body.resolution)),
  });
  route(app, ce.reopen, {
    module,
    tags,
    summary: 'Reopen a complaint',
    handler: async (request) => inTenant(request, (tx, ctx) => reopenComplaint(tx, ctx, request.params.id)),
  });

  // ---- contact groups ----
  listRoute(app, ge.list, { module, tags, summary: 'Contact groups', list: groupList });
  route(app, ge.create, {
    module,
    tags,
    summary: 'Save an audience',
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => createContactGroup(tx, ctx, request.body))),
  });
  route(app, ge.retrieve, {
    module,
    tags,
    summary: 'A contact group',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => contactGroupJson(await loadContactGroupRow(tx, ctx, request.params.id))),
  });
  route(app, ge.update, {
    module,
    tags,
    summary: 'Change a contact group',
    handler: async (request) => inTenant(request, (tx, ctx) => updateContactGroup(tx, ctx, request.params.id, request.body)),
  });
  route(app, ge.partialUpdate, {
    module,
    tags,
    summary: 'Rename or change a contact group (a list keeps its people unless they are sent)',
    handler: async (request) => inTenant(request, (tx, ctx) => patchContactGroup(tx, ctx, request.params.id, request.body)),
  });
  route(app, ge.people, {
    module,
    tags,
    summary: 'Who a contact group stands for now, by name, a page at a time (search: name, phone, e-mail)',
    handler: async (request) => inTenant(request, (tx, ctx) => contactGroupPeople(tx, ctx, request.params.id, request.query)),
  });
  route(app, ge.addPeople, {
    module,
    tags,
    summary: 'Add people to a list group',
    handler: async (request) => inTenant(request, (tx, ctx) => addContactGroupPeople(tx, ctx, request.params.id, request.body.members)),
  });
  route(app, ge.removePeople, {
    module,
    tags,
    summary: 'Take people out of a list group (not the last one)',
    handler: async (request) => inTenant(request, (tx, ctx) => removeContactGroupPeople(tx, ctx, request.params.id, request.body.members)),
  });
  route(app, ge.remove, {
    module,
    tags,
    summary: 'Delete a contact group',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteContactGroup(tx, ctx, request.params.id));
      return reply.status(204).send(null);
    },
  });
  route(app, ge.preview, {
    module,
    tags,
    summary: 'Who a contact group resolves to now: the count and the first 20',
    handler: async (request) => inTenant(request, (tx, ctx) => previewContactGroup(tx, ctx, request.params.id)),
  });

  // ---- today's actions ----
  route(app, te.list, {
    module,
    tags,
    summary: "Today's actions: membership expiry, payment due, service expiry, membership expired, service expired",
    handler: async (request) => inTenant(request, (tx, ctx) => todaysActionPage(tx, ctx, request.query), { customPlans: true }),
  });
  route(app, te.contact, {
    module,
    tags,
    summary: 'Log a call, message or WhatsApp to a member',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => logContact(tx, ctx, request.body))),
  });

  // ---- dashboard, reports, logs ----
  route(app, crmDashboardEndpoint, {
    module,
    tags,
    summary: 'Open enquiries, follow-ups due, conversion by source, open complaints, 12 months',
    handler: async (request) => inTenant(request, (tx, ctx) => crmDashboard(tx, ctx, request.query.centre), { customPlans: true }),
  });
  const report = reportRoutes(app, { module, tags, centreName: showName(centre) });
  report(re.complaint, complaintReportDefinition);
  report(re.enquiry, enquiryReportDefinition);
  report(re.staff, staffEnquiryReportDefinition);
  auditLogRoute(app, crmLogsEndpoint, MODULE);
}
