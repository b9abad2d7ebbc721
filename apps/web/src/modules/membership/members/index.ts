/** The member screens (lazy-loaded by the membership manifest). */
export { AddMemberPage } from './AddMemberPage';
export { MemberPage } from './MemberPage';
export { MembersPage } from './MembersPage';
