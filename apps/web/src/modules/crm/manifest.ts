import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'CRM Management';
const load = () => import('./index');
const messaging = () => import('../messaging/public');

const screens = {
  'crm-dashboard': lazyScreen(load, (m) => m.CrmDashboardPage),
  'crm-todays-action': lazyScreen(load, (m) => m.TodaysActionPage),
  'crm-enquiries': lazyScreen(load, (m) => m.EnquiriesPage),
  'crm-enquiry': lazyScreen(load, (m) => m.EnquiryPage),
  'crm-enquiry-convert': lazyScreen(load, (m) => m.ConvertEnquiryPage),
  'crm-complaints': lazyScreen(load, (m) => m.ComplaintsPage),
  'crm-contact-groups': lazyScreen(load, (m) => m.ContactGroupsPage),
  'crm-contact-group': lazyScreen(load, (m) => m.ContactGroupPage),
  'crm-promotions': lazyScreen(load, (m) => m.PromotionsPage),
  'crm-message-template': lazyScreen(messaging, (m) => m.CrmTemplatesPage),
  'crm-logs': lazyScreen(load, (m) => m.CrmLogsPage),
  'crm-reports': lazyScreen(load, (m) => m.CrmReportsPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/**
 * CRM Management: the dashboard, today's actions, enquiries with their follow-ups and conversion to
 * a member, complaints, promotions and contact groups, message templates (the messaging engine's,
 * filtered to CRM), logs, and Reports › CRM.
 */
export const crmModule = defineModule({
  name: 'crm',
  screens,
  menu: [
    {
      order: 120,
      node: entry(
        'CRM Management',
        'crm-management',
        {
          module: MODULE,
          note: "Enquiries with their follow-ups, complaints until they are resolved, promotions to contact groups, and today's renewals and dues to chase.",
        },
        [
          entry('Dashboard', '', { screen: 'crm-dashboard' }),
          tabs("Today's Action", 'todays-action', [
            entry('Membership Expiry', '', { screen: 'crm-todays-action' }),
            entry('Payment Due', 'payment-due', { screen: 'crm-todays-action' }),
            entry('Service Expiry', 'service-expiry', { screen: 'crm-todays-action' }),
            entry('Membership Expired', 'membership-expired', { screen: 'crm-todays-action' }),
            entry('Service Expired', 'service-expired', { screen: 'crm-todays-action' }),
          ]),
          tabs('All Enquiries', 'all-enquiries', [
            entry('All', '', { screen: 'crm-enquiries' }),
            entry('Open Enquiries', 'open-enquiries', { screen: 'crm-enquiries' }),
            entry('Closed Enquiries', 'closed-enquiries', { screen: 'crm-enquiries' }),
            entry('Converted Enquiries', 'converted-enquiries', { screen: 'crm-enquiries' }),
            entry('Enquiry', ':enquiryId', { hidden: true, hideChildren: true }, [
              entry('Profile', '', { screen: 'crm-enquiry' }),
              entry('Follow-up History', 'followup-history', { screen: 'crm-enquiry' }),
              entry('Convert', 'convert', { screen: 'crm-enquiry-convert', hidden: true }),
            ]),
          ]),
          tabs('Complaints', 'complaints', [
            entry('Open', '', { screen: 'crm-complaints' }),
            entry('Closed', 'closed', { screen: 'crm-complaints' }),
          ]),
          entry('Promotions', 'promotions', { screen: 'crm-promotions' }),
          entry('Contact Groups', 'contact-groups', { screen: 'crm-contact-groups' }, [
            entry('Contact Group', ':groupId', { hidden: true, screen: 'crm-contact-group' }),
          ]),
          entry('Message Template', 'message-template', { screen: 'crm-message-template' }),
          entry('Logs', 'logs', { screen: 'crm-logs' }),
        ],
      ),
    },
    {
      order: 80,
      under: 'reports',
      node: entry('CRM', 'crm', { module: MODULE, screen: 'crm-reports', note: 'Complaint, enquiry, staff-wise enquiry.' }),
    },
  ],
});
