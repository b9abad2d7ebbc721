import { formatInr, portalBookingIcs, type Booking, type PortalBooking } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import type { OrganisationRow } from '../../platform/context.js';
import { queueMail } from '../../platform/mail-queue.js';

const readable = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const readableDate = (iso: string) => readable.format(new Date(`${iso}T00:00:00Z`));

/** The confirmation's facts as the e-mail's text: the same as the portal's confirmation panel. */
export function confirmationText(org: OrganisationRow, b: Booking | PortalBooking): string {
  const slots = b.time_slots
    .map((s) => `  ${readableDate(s.date)}  ${s.start_time.slice(0, 5)} – ${s.end_time.slice(0, 5)}   ${formatInr(s.price)}`)
    .join('\n');
  const venue = 'venue' in b ? b.venue : null;
  const where = venue
    ? [`Address: ${[venue.centre_name, venue.address].filter(Boolean).join(', ')}`, venue.phone ? `Phone: ${venue.phone}` : '']
        .filter(Boolean)
        .join('\n')
    : '';
  return [
    `Hello ${b.name},`,
    '',
    `Your booking at ${org.displayName} is confirmed.`,
    '',
    `Booking: ${b.code}`,
    `Centre: ${b.centre_name}`,
    `Facility: ${b.sport_name} - ${b.facility_name}`,
    `Date: ${readableDate(b.date)}`,
    `Slots:\n${slots}`,
    `Total: ${formatInr(b.booking_amount)}${b.invoice ? `\nInvoice: ${b.invoice.number}` : ''}`,
    '',
    // A booking paid online (issue 23) owes nothing at the venue.
    b.payment_status === 'paid'
      ? `Paid online: ${formatInr(b.paid_amount)}${b.invoice ? ` (invoice ${b.invoice.number} settled)` : ''}. Nothing to pay at the venue.`
      : 'How to pay: Pay at the venue.',
    ...(where ? ['', where] : []),
    '',
    ...(venue ? ['Add to calendar: open the attached .ics file.'] : []),
    'Please show the booking code at the desk. To change or cancel, contact the centre.',
    '',
  ].join('\n');
}

/**
 * Queues the client's confirmation after the booking has committed: a slow or failing mail
 * server never delays or undoes a booking (the job queue sends and retries it). A portal
 * booking carries its venue and the booking as an .ics attachment.
 */
export async function sendBookingConfirmation(app: FastifyInstance, org: OrganisationRow, b: Booking | PortalBooking): Promise<void> {
  if (!b.email) return;
  const attachments =
    'venue' in b
      ? [
          {
            filename: `${b.code}.ics`,
            content: Buffer.from(portalBookingIcs(b), 'utf8').toString('base64'),
            encoding: 'base64' as const,
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ]
      : undefined;
  await queueMail(app, {
    to: b.email,
    subject: `Booking ${b.code} confirmed — ${org.displayName}`,
    text: confirmationText(org, b),
    ...(attachments ? { attachments } : {}),
  }).catch((err) => app.log.error({ err, booking: b.code }, 'booking confirmation could not be queued'));
}
