import { formatInr, type Booking } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import type { OrganisationRow } from '../../platform/context.js';
import { queueMail } from '../../platform/mail-queue.js';

const readableDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * Queues the client's confirmation after the booking has committed: a slow or failing mail
 * server never delays or undoes a booking (the job queue sends and retries it).
 */
export async function sendBookingConfirmation(app: FastifyInstance, org: OrganisationRow, b: Booking): Promise<void> {
  if (!b.email) return;
  const slots = b.time_slots.map((s) => `  ${s.start_time.slice(0, 5)} – ${s.end_time.slice(0, 5)}   ${formatInr(s.price)}`).join('\n');
  await queueMail(app, {
    to: b.email,
    subject: `Booking ${b.code} confirmed — ${org.displayName}`,
    text: `Hello ${b.name},\n\nYour booking at ${org.displayName} is confirmed.\n\nBooking: ${b.code}\nCentre: ${b.centre_name}\nFacility: ${b.sport_name} - ${b.facility_name}\nDate: ${readableDate(b.date)}\nSlots:\n${slots}\nTotal: ${formatInr(b.booking_amount)}${b.invoice ? `\nInvoice: ${b.invoice.number}` : ''}\n\nPlease show the booking code at the desk. To change or cancel, contact the centre.\n`,
  }).catch((err) => app.log.error({ err, booking: b.code }, 'booking confirmation could not be queued'));
}
