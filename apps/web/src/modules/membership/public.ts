/**
 * What other web modules may use of Membership Management: Add Member (CRM converts an enquiry
 * through it), the renew and collect dialogs and the member's path (CRM's today's actions), and
 * the member picker (CRM's complaint form).
 */
export { AddMemberPage, type AddMemberOptions } from './members/AddMemberPage';
export { CollectPaymentDialog } from './members/CollectPaymentDialog';
export { RenewDialog } from './members/RenewDialog';
export { memberPath } from './members/paths';
export { MemberPicker, type PickedMember } from './desk/parts';
export { useBatchOptions, useMembershipPlanOptions } from './choices';
