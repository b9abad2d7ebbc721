/**
 * Reports › CRM: complaints by priority, enquiries by source, staff-wise enquiries (assigned,
 * converted, conversion %), each of the enquiries or complaints received in the window (their day
 * in the organisation's zone). One statement each.
 */
import {
  COMPLAINT_PRIORITIES,
  ENQUIRY_SOURCE_LABELS,
  ENQUIRY_SOURCES,
  type ComplaintPriority,
  type EnquirySource,
} from '@arena/contracts/crm';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.js';
import { centreFilter, type ReportDefinition } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { staffNames } from '../../staff/index.js';

type Q = { centre?: number };
const rate = (converted: number, total: number) => (total ? Math.round((converted * 1000) / total) / 10 : 0);
const receivedIn = (ctx: Ctx, column: string, from: string, to: string) =>
  sql`(${sql.raw(column)} at time zone ${ctx.timeZone})::date between ${from}::date and ${to}::date`;
const PRIORITY_LABELS: Record<ComplaintPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

type ComplaintReport = {
  from: string;
  to: string;
  rows: { priority: ComplaintPriority; received: number; open: number; closed: number }[];
  total: { received: number; open: number; closed: number };
};
export const complaintReportDefinition: ReportDefinition<
  Q,
  ComplaintReport,
  { priority: string; received: number; open: number; closed: number }
> = {
  summary: 'Complaints received, by priority: still open and closed',
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const rows = await queryRows<{ priority: ComplaintPriority; received: number; open: number; closed: number }>(
      tx,
      sql`select c.priority, count(*)::int as received, count(*) filter (where c.status = 'open')::int as open,
                 count(*) filter (where c.status = 'closed')::int as closed
            from crm_complaint c where c.organisation_id = ${ctx.organisationId} and ${receivedIn(ctx, 'c.created_at', from, to)}
             ${centreFilter(q.centre, sql`c.centre_id`)}
           group by c.priority`,
    );
    const out = COMPLAINT_PRIORITIES.map((priority) => {
      const r = rows.find((x) => x.priority === priority);
      return { priority, received: Number(r?.received ?? 0), open: Number(r?.open ?? 0), closed: Number(r?.closed ?? 0) };
    });
    const sum = (k: 'received' | 'open' | 'closed') => out.reduce((n, r) => n + r[k], 0);
    return { from, to, rows: out, total: { received: sum('received'), open: sum('open'), closed: sum('closed') } };
  },
  file: ({ report }) => ({
    filename: 'crm-complaints',
    title: 'Complaints',
    columns: [
      { header: 'Priority', value: (r) => r.priority },
      { header: 'Received', value: (r) => r.received, type: 'number' },
      { header: 'Open', value: (r) => r.open, type: 'number' },
      { header: 'Closed', value: (r) => r.closed, type: 'number' },
    ],
    rows: [...report.rows.map((r) => ({ ...r, priority: PRIORITY_LABELS[r.priority] })), { priority: 'Total', ...report.total }],
  }),
};

type EnquiryLine = { source: EnquirySource; enquiries: number; open: number; closed: number; converted: number; rate: number };
type EnquiryReport = { from: string; to: string; rows: EnquiryLine[]; total: Omit<EnquiryLine, 'source'> };
export const enquiryReportDefinition: ReportDefinition<Q, EnquiryReport, Omit<EnquiryLine, 'source'> & { source: string }> = {
  summary: 'Enquiries received, by source: open, closed, converted and the conversion rate',
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const rows = await queryRows<{ source: EnquirySource; enquiries: number; open: number; closed: number; converted: number }>(
      tx,
      sql`select e.source, count(*)::int as enquiries, count(*) filter (where e.status = 'open')::int as open,
                 count(*) filter (where e.status = 'closed')::int as closed, count(*) filter (where e.status = 'converted')::int as converted
            from crm_enquiry e where e.organisation_id = ${ctx.organisationId} and ${receivedIn(ctx, 'e.created_at', from, to)}
             ${centreFilter(q.centre, sql`e.centre_id`)}
           group by e.source`,
    );
    const out = ENQUIRY_SOURCES.map((source) => {
      const r = rows.find((x) => x.source === source);
      const line = {
        enquiries: Number(r?.enquiries ?? 0),
        open: Number(r?.open ?? 0),
        closed: Number(r?.closed ?? 0),
        converted: Number(r?.converted ?? 0),
      };
      return { source, ...line, rate: rate(line.converted, line.enquiries) };
    });
    const sum = (k: 'enquiries' | 'open' | 'closed' | 'converted') => out.reduce((n, r) => n + r[k], 0);
    const total = { enquiries: sum('enquiries'), open: sum('open'), closed: sum('closed'), converted: sum('converted') };
    return { from, to, rows: out, total: { ...total, rate: rate(total.converted, total.enquiries) } };
  },
  file: ({ report }) => ({
    filename: 'crm-enquiries',
    title: 'Enquiries by source',
    columns: [
      { header: 'Source', value: (r) => r.source },
      { header: 'Enquiries', value: (r) => r.enquiries, type: 'number' },
      { header: 'Open', value: (r) => r.open, type: 'number' },
      { header: 'Closed', value: (r) => r.closed, type: 'number' },
      { header: 'Converted', value: (r) => r.converted, type: 'number' },
      { header: 'Conversion %', value: (r) => r.rate, type: 'number' },
    ],
    rows: [...report.rows.map((r) => ({ ...r, source: ENQUIRY_SOURCE_LABELS[r.source] })), { source: 'Total', ...report.total }],
  }),
};

type StaffLine = { staff: number | null; staff_name: string; assigned: number; converted: number; rate: number };
type StaffReport = { from: string; to: string; rows: StaffLine[]; total: { assigned: number; converted: number; rate: number } };
export const staffEnquiryReportDefinition: ReportDefinition<
  Q,
  StaffReport,
  { staff_name: string; assigned: number; converted: number; rate: number }
> = {
  summary: 'Staff-wise enquiries: assigned, converted and the conversion rate',
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const rows = await queryRows<{ staff: string | null; assigned: number; converted: number }>(
      tx,
      sql`select e.assigned_to as staff, count(*)::int as assigned, count(*) filter (where e.status = 'converted')::int as converted
            from crm_enquiry e where e.organisation_id = ${ctx.organisationId} and ${receivedIn(ctx, 'e.created_at', from, to)}
             ${centreFilter(q.centre, sql`e.centre_id`)}
           group by e.assigned_to`,
    );
    const names = await staffNames(
      tx,
      ctx,
      rows.map((r) => (r.staff == null ? null : Number(r.staff))),
    );
    const out = rows
      .map((r) => {
        const staff = r.staff == null ? null : Number(r.staff);
        const assigned = Number(r.assigned);
        const converted = Number(r.converted);
        return {
          staff,
          staff_name: staff ? (names.get(staff) ?? `#${staff}`) : 'Unassigned',
          assigned,
          converted,
          rate: rate(converted, assigned),
        };
      })
      .sort((a, b) => (a.staff === null ? 1 : b.staff === null ? -1 : a.staff_name.localeCompare(b.staff_name)));
    const assigned = out.reduce((n, r) => n + r.assigned, 0);
    const converted = out.reduce((n, r) => n + r.converted, 0);
    return { from, to, rows: out, total: { assigned, converted, rate: rate(converted, assigned) } };
  },
  file: ({ report }) => ({
    filename: 'crm-staff-enquiries',
    title: 'Staff-wise enquiries',
    columns: [
      { header: 'Staff', value: (r) => r.staff_name },
      { header: 'Assigned', value: (r) => r.assigned, type: 'number' },
      { header: 'Converted', value: (r) => r.converted, type: 'number' },
      { header: 'Conversion %', value: (r) => r.rate, type: 'number' },
    ],
    rows: [...report.rows, { staff_name: 'Total', ...report.total }],
  }),
};
