/** What other modules may use of Membership Management: its tables (joins) and the status refresh. */
export { member, membership, memberService, memberAttendance, plan as membershipPlan, batch, batchMember } from './schema.js';
export { refreshStatuses } from './status.js';
/** Staff Management's reads of the work its staff do here (per-session pay, members assigned). */
export { assignDemoServices, creditDemoSales, staffAssignments, staffSessions } from './staff-work.js';
/** CRM Management's reads (issue 22): the member reference and contacts, audiences, plans, a member from an enquiry, today's actions. */
export {
  addMemberFromEnquiry,
  checkBatch,
  checkMember,
  checkPlans,
  linkedMemberSql,
  memberAudience,
  memberContacts,
  planNames,
  referencesMember,
  type MemberAudience,
  type MemberContact,
} from './crm.queries.js';
export { todaysActions, type TodaysActionItem, type TodaysActionKind } from './todays-actions.queries.js';
/** Diet Management's and Training/Workouts' reads (issue 25): running members counted, their ids, and a many-member choice resolved. */
export { activeMemberIds, runningMemberCount, runningMemberIds, selectMembers } from './member-counts.js';
/** A member as a message's recipient (a diet or a workout sent to them). */
export { memberRecipient, membersIn } from './messaging.js';
/** End User Login's reads (issue 27): the member signing in, profiles, the list's search, a member's home. */
export { memberHome, memberMatches, memberProfiles, memberSigningIn, type MemberHome, type MemberProfile } from './member-app.queries.js';
/** End User Login's member requests (issue 27): the desk's approval freezes or cancels through membership's own rules. */
export { freezeMembership } from './freeze.service.js';
export { cancelMembership } from './sales.service.js';
/** End User Login's member-side changes of their own record (issue 27): photo, emergency contact, a verified phone or e-mail. */
export {
  liveMemberships,
  memberMembership,
  membershipPlanNames,
  memberSelf,
  memberVisitDays,
  phoneFreeFor,
  referencesMembership,
  updateMemberSelf,
  type MemberSelf,
  type MemberSelfChange,
} from './member-self.js';
/** End User Login's money (issue 27): a member's dues, sales, the renewal they may buy, and making it by the desk's rules. */
export {
  isMembershipOf,
  memberMembershipDues,
  memberPayer,
  memberRenewal,
  memberSales,
  renewalOf,
  renewForMember,
  type MemberDue,
} from './member-money.js';
/** End User Login's announcements (issue 27): a member's centre, running plans and batches; batches' names. */
export { batchNames, memberCentres, memberFeedAudience, type MemberFeedAudience } from './feed-audience.queries.js';
/** The member app's signed check-in code (issue 27): End User Login signs it, the desk's QR check-in reads it. */
export { signCheckInCode } from './check-in-code.js';
