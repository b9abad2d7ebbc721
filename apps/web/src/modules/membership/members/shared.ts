/**
 * What the desk screens (../desk) may use of the member screens without loading them: the status
 * badges, the avatar, the queries and writes, the check-in action, links to a member's pages.
 */
export * from './api';
export { MemberAvatar } from './MemberAvatar';
export {
  MemberStatusBadge,
  MembershipStatusBadge,
  MEMBER_STATUS_OPTIONS,
  MEMBER_STATUS_TONE,
  MEMBERSHIP_STATUS_TONE,
  StatusPill,
} from './status';
export { MessageButton, printMemberCard, refusalMessage, useCheckInAction } from './actions';
export { memberPath } from './paths';
export { formatTime } from './time';
export { saleSummary, positive } from './sale';
export { CollectPaymentDialog } from './CollectPaymentDialog';
export { RenewDialog } from './RenewDialog';
