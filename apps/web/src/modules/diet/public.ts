/** What other web modules may use of Diet Management: the member page's Diet tab. */
export { MemberDietTab } from './MemberDietTab';
