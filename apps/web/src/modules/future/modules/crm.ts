import { entry, tabs } from '../../../lib/web-module';
import { report } from '../entries';
import type { FutureMenu } from '../entries';

/** CRM Management (and its report): not built yet. The module that builds it deletes this file. */
export const menu: FutureMenu = [
  {
    order: 120,
    node: entry(
      'CRM Management',
      'crm-management',
      {
        module: 'CRM Management',
        note: "Enquiries with their follow-ups, complaints until they are resolved, promotions to contact groups, and today's renewals and dues to chase.",
      },
      [
        entry('Dashboard', ''),
        tabs("Today's Action", 'todays-action', [
          entry('Membership Expiry', ''),
          entry('Payment Due', 'payment-due'),
          entry('Service Expiry', 'service-expiry'),
          entry('Membership Expired', 'membership-expired'),
          entry('Service Expired', 'service-expired'),
        ]),
        tabs('All Enquiries', 'all-enquiries', [
          entry('All', ''),
          entry('Open Enquiries', 'open-enquiries'),
          entry('Closed Enquiries', 'closed-enquiries'),
          entry('Converted Enquiries', 'converted-enquiries'),
          entry('Enquiry', ':enquiryId', { hidden: true, hideChildren: true }, [
            entry('Profile', ''),
            entry('Follow-up History', 'followup-history'),
          ]),
        ]),
        tabs('Complaints', 'complaints', [entry('Open', ''), entry('Closed', 'closed')]),
        entry('Promotions', 'promotions'),
        entry('Contact Groups', 'contact-groups'),
        entry('Message Template', 'message-template'),
        entry('Logs', 'logs'),
      ],
    ),
  },
  report(80, 'CRM', 'crm', 'Complaint, enquiry, staff-wise enquiry.'),
];
