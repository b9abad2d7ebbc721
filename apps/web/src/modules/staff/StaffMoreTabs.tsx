import type { Staff } from './api';
import type { StaffTab } from './paths';

/** The staff member's attendance, pay, permissions, payroll and logs tabs. */
export function StaffMoreTabs(_: { tab: StaffTab; staff: Staff }) {
  return null;
}
