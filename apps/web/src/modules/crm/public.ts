/** What other web modules may use of CRM Management: a staff member's CRM tab (their enquiries and complaints). */
export { StaffCrmTab } from './StaffCrmTab';
