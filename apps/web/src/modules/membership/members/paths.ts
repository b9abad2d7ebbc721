/** Where a member's pages are, and what Add Member hands to the member's page after saving. */

/** The member detail's tabs, by their path under `/membership/members/:userId` (the spec's spellings). */
export const MEMBER_TABS = ['', 'payment-history', 'attendence', 'service', 'workout', 'perfomence', 'diet', 'logs'] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

/** `/membership/members/42`, or one of its tabs (`/membership/members/42/payment-history`). */
export const memberPath = (id: number, tab: MemberTab = '') => `/membership/members/${id}${tab ? `/${tab}` : ''}`;

/** The tab a path shows: the segment after the member's id ('' for the Membership tab, or anything unknown). */
export function tabOfPath(pathname: string): MemberTab {
  const match = /\/membership\/members\/[^/]+\/([^/?#]+)/.exec(pathname);
  const segment = match?.[1] ?? '';
  return (MEMBER_TABS as readonly string[]).includes(segment) ? (segment as MemberTab) : '';
}

/** Router state of the member's page right after Add Member: the invoice of the plan just sold, ready to print or mail. */
export interface MemberPageState {
  added: boolean;
  invoice: { id: number; number: string; status: string } | null;
}

export const isMemberPageState = (state: unknown): state is MemberPageState =>
  !!state && typeof state === 'object' && (state as { added?: unknown }).added === true;
