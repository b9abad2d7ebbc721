import type { NotificationEvent } from '@arena/contracts/notifications';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { appUser } from '../../platform/db/schema.js';
import type { Ctx } from '../../platform/request-context.js';
import { notification } from './schema.js';

const DEMO: { event: NotificationEvent; title: string; body: string; link: string; minutesAgo: number; read: boolean }[] = [
  {
    event: 'new_online_booking',
    title: 'New online booking',
    body: 'Rohan Mehta booked Badminton Court 1 for tomorrow, 18:00 – 19:00.',
    link: '/booking/booking',
    minutesAgo: 12,
    read: false,
  },
  {
    event: 'payment_received',
    title: 'Payment received ₹2,500.00',
    body: 'Ananya Rao paid ₹2,500.00 by UPI for her membership.',
    link: '/membership/members',
    minutesAgo: 47,
    read: false,
  },
  {
    event: 'membership_expiring_today',
    title: 'Membership expires today',
    body: "Vikram Singh's Quarterly Gym membership ends today.",
    link: '/membership/members',
    minutesAgo: 180,
    read: false,
  },
  {
    event: 'booking_cancelled',
    title: 'Booking cancelled',
    body: 'Priya Nair cancelled her Squash Court booking of Saturday 07:00.',
    link: '/booking/booking',
    minutesAgo: 60 * 20,
    read: true,
  },
  {
    event: 'new_online_booking',
    title: 'New online booking',
    body: 'Karan Shah booked Turf A for Sunday, 06:00 – 08:00.',
    link: '/booking/booking',
    minutesAgo: 60 * 26,
    read: true,
  },
];

/** The demo owner's recent notifications (some unread), so the top bar's badge and the list show something on the first visit. */
export async function seedNotifications(tx: Tx, ctx: Ctx): Promise<void> {
  const [owner] = await tx
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(appUser.organisationId, ctx.organisationId), eq(appUser.isOwner, true)))
    .limit(1);
  if (!owner) return;
  const now = ctx.now.instant.getTime();
  await tx.insert(notification).values(
    // Oldest first: the list is newest first by id.
    [...DEMO].reverse().map((n) => {
      const at = new Date(now - n.minutesAgo * 60_000);
      return {
        organisationId: ctx.organisationId,
        userId: owner.id,
        event: n.event,
        title: n.title,
        body: n.body,
        link: n.link,
        subjectType: 'demo',
        readAt: n.read ? at : null,
        createdAt: at,
      };
    }),
  );
}
