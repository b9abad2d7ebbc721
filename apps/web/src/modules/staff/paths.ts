/** Where a staff member's pages are: `/staff-management/staffs/:staffId` and its tabs (the spec's spellings). */
export const STAFF_TABS = [
  '',
  'pofile',
  'attendence',
  'pay-history',
  'assigned_members',
  'assigned_services',
  'crm',
  'permissions',
  'payrolls',
  'logs',
] as const;
export type StaffTab = (typeof STAFF_TABS)[number];

export const staffPath = (id: number, tab: StaffTab = '') => `/staff-management/staffs/${id}${tab ? `/${tab}` : ''}`;

/** The tab a path shows: the segment after the staff member's id ('' for the overview, or anything unknown). */
export function staffTabOfPath(pathname: string): StaffTab {
  const segment = /\/staff-management\/staffs\/[^/]+\/([^/?#]+)/.exec(pathname)?.[1] ?? '';
  return (STAFF_TABS as readonly string[]).includes(segment) ? (segment as StaffTab) : '';
}
