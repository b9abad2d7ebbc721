/**
 * CRM's in-app notifications (issue 22): a new enquiry, a new complaint (to the owner, CRM's users
 * and the assigned staff member's login, as the organisation's settings say), and "follow-up due"
 * — an hourly task raising one per open enquiry whose follow-up falls on the organisation's today
 * (a dedupe key per enquiry and day: later runs and other instances add nothing).
 */
import { ENQUIRY_SOURCE_LABELS, type EnquirySource } from '@arena/contracts/crm';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { forEachOrganisation, type Task } from '../../platform/jobs.js';
import type { Ctx } from '../../platform/request-context.js';
import { notify } from '../notifications/index.js';
import { staffUserIds } from '../staff/index.js';
import { enquiry } from './schema.js';

export const FOLLOW_UPS_TASK = 'crm.notify-follow-ups-due';
const enquiryLink = (id: number) => `/crm-management/all-enquiries/${id}`;

export async function notifyNewEnquiry(
  tx: Tx,
  ctx: Ctx,
  e: { id: number; name: string; phone: string; source: string; interestedIn: string; centreId: number; assignedTo: number | null },
): Promise<void> {
  await notify(tx, ctx, {
    event: 'new_enquiry',
    title: `New enquiry: ${e.name}`,
    body: [ENQUIRY_SOURCE_LABELS[e.source as EnquirySource] ?? e.source, e.phone, e.interestedIn].filter(Boolean).join(' · '),
    link: enquiryLink(e.id),
    centre: e.centreId,
    subject: { type: 'enquiry', id: e.id },
    assignedUsers: await staffUserIds(tx, ctx, [e.assignedTo]),
  });
}

export async function notifyNewComplaint(
  tx: Tx,
  ctx: Ctx,
  c: { id: number; subject: string; name: string; priority: string; centreId: number | null; assignedTo: number | null },
): Promise<void> {
  await notify(tx, ctx, {
    event: 'new_complaint',
    title: `New complaint (${c.priority}): ${c.subject}`,
    body: c.name ? `From ${c.name}` : '',
    link: '/crm-management/complaints',
    centre: c.centreId,
    subject: { type: 'complaint', id: c.id },
    assignedUsers: await staffUserIds(tx, ctx, [c.assignedTo]),
  });
}

/** Raises today's "follow-up due" notifications; returns how many in-app rows were new. */
export async function notifyFollowUpsDue(tx: Tx, ctx: Ctx): Promise<number> {
  const today = ctx.now.today;
  const rows = await tx
    .select({ id: enquiry.id, name: enquiry.name, phone: enquiry.phone, centreId: enquiry.centreId, assignedTo: enquiry.assignedTo })
    .from(enquiry)
    .where(and(eq(enquiry.organisationId, ctx.organisationId), eq(enquiry.status, 'open'), eq(enquiry.nextFollowUp, today)))
    .orderBy(enquiry.id)
    .limit(1000);
  let added = 0;
  for (const e of rows) {
    const { inApp } = await notify(tx, ctx, {
      event: 'follow_up_due',
      title: `Follow up today: ${e.name}`,
      body: `Call ${e.phone} about their enquiry.`,
      link: enquiryLink(e.id),
      centre: e.centreId,
      subject: { type: 'enquiry', id: e.id },
      assignedUsers: await staffUserIds(tx, ctx, [e.assignedTo]),
      dedupeKey: `follow-up:${e.id}:${today}`,
    });
    added += inApp;
  }
  return added;
}

export const followUpsTask: Task = {
  name: FOLLOW_UPS_TASK,
  run: (_payload, task) => forEachOrganisation(task, 'crm-follow-ups', notifyFollowUpsDue),
};
