/** CRM Management's screens (lazy-loaded by the manifest). */
export { ComplaintsPage } from './ComplaintsPage';
export { ContactGroupPage } from './ContactGroupPage';
export { ContactGroupsPage } from './ContactGroupsPage';
export { ConvertEnquiryPage } from './ConvertEnquiryPage';
export { CrmDashboardPage } from './DashboardPage';
export { EnquiriesPage } from './EnquiriesPage';
export { EnquiryPage } from './EnquiryPage';
export { PromotionsPage } from './PromotionsPage';
export { CrmLogsPage } from './LogsPage';
export { CrmReportsPage } from './ReportsPage';
export { TodaysActionPage } from './TodaysActionPage';
