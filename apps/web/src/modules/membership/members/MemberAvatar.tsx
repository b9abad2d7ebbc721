/** A member's photo or initials: the shared person avatar. */
export { initialsOf, PersonAvatar as MemberAvatar } from '../../../components/PersonAvatar';
