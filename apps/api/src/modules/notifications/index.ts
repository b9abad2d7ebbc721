/**
 * What every module may use of notifications (issue 22): `notify(tx, ctx, {…})` raises an event
 * in the caller's transaction — one line for the emitter:
 *
 *   await notify(tx, ctx, { event: 'new_online_booking', title: `New online booking ${code}`, body, link, centre, subject: { type: 'booking', id } });
 *
 * Notifications imports no module, so any module may import this file without a cycle. SMS and
 * WhatsApp senders register in the platform (`platform/notification-channels.ts`).
 */
export { notify, type NotifyInput } from './notify.service.js';
