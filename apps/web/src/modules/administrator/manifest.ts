import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'Administrator Management';
const load = () => import('./index');
const messaging = () => import('../messaging/public');
const payments = () => import('../payments/public');
const subscription = () => import('../subscription/public');

const screens = {
  profile: lazyScreen(load, (m) => m.ProfilePage),
  'manage-center': lazyScreen(load, (m) => m.CentreListPage),
  'payment-mode': lazyScreen(load, (m) => m.PaymentModeListPage),
  'payment-gateway': lazyScreen(payments, (m) => m.PaymentGatewayPage),
  sports: lazyScreen(load, (m) => m.SportListPage),
  'admin-messaging': lazyScreen(messaging, (m) => m.AdminManualPage),
  'admin-messaging-auto': lazyScreen(messaging, (m) => m.AdminAutoPage),
  'admin-messaging-logs': lazyScreen(messaging, (m) => m.AdminLogsPage),
  'notification-list': lazyScreen(load, (m) => m.NotificationListPage),
  'notification-settings': lazyScreen(load, (m) => m.NotificationSettingsPage),
  'subscription-billing': lazyScreen(subscription, (m) => m.BillingPage),
  'subscription-plans': lazyScreen(subscription, (m) => m.PlansPage),
  'subscription-history': lazyScreen(subscription, (m) => m.HistoryPage),
  'subscription-addons': lazyScreen(subscription, (m) => m.AddonsPage),
  'subscription-sms': lazyScreen(subscription, (m) => m.SmsPlanPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/** Administrator Management: the organisation's profile, centres, sports, payment modes and settings. */
export const administratorModule = defineModule({
  name: 'administrator',
  screens,

  menu: [
    {
      order: 20,
      node: entry('Administrator', 'admin', { module: MODULE }, [
        entry('Profile', '', { screen: 'profile' }),
        entry('Payment Gateway', 'PaymentGateWay', { screen: 'payment-gateway' }),
        entry('Payment Mode', 'payment-mode', { screen: 'payment-mode' }),
        entry('Manage Center', 'manage-center', { screen: 'manage-center' }),
        entry('Manage Sports/Events', 'manage-sports-events', { screen: 'sports' }),
        // Every user has their own notifications (the top bar's View all): the list needs no module; the settings are the administrator's.
        tabs(
          'Notifications',
          'notifications',
          [
            entry('Notification List', '', { module: null, screen: 'notification-list' }),
            entry('Notification Settings', 'settings', { module: MODULE, screen: 'notification-settings' }),
          ],
          { module: null },
        ),
        tabs('Logged Devices', 'logged-devices', [entry('Active Devices', ''), entry('Blocked Devices', 'blocked')], {
          note: 'Every signed-in device with its browser, address and last use; log a device out or block it.',
        }),
        entry('Import/Export', 'import-export', {
          module: null,
          note: 'Import members, staff, products and clients from CSV or Excel, with a dry run that lists row errors before anything is saved.',
        }),
        tabs('Subscription', 'subscription', [
          entry('Billing', '', { screen: 'subscription-billing' }),
          entry('Subscription Plans', 'subscription-plans', { screen: 'subscription-plans' }),
          entry('History', 'history', { screen: 'subscription-history' }),
          entry('Add-ons', 'addons', { screen: 'subscription-addons' }),
          entry('SMS Plan', 'manage', { screen: 'subscription-sms' }),
        ]),
        tabs('Messaging', 'messaging', [
          entry('Manual', '', { screen: 'admin-messaging' }),
          entry('Auto', 'auto', { screen: 'admin-messaging-auto' }),
          entry('Logs', 'logs', { screen: 'admin-messaging-logs' }),
        ]),
        entry('Logs', 'logs', { note: "The organisation's audit trail: who changed what, and when." }),
      ]),
    },
  ],
});
