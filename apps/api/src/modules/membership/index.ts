/** What other modules may use of Membership Management: its tables (joins) and the status refresh. */
export { member, membership, memberService, memberAttendance, plan as membershipPlan, batch, batchMember } from './schema.js';
export { refreshStatuses } from './status.js';
/** Staff Management's reads of the work its staff do here (per-session pay, members assigned). */
export { assignDemoServices, creditDemoSales, staffAssignments, staffSessions } from './staff-work.js';
