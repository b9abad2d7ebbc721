import { defineModule, lazyScreen, lazyTile, menuBuilder, type DashboardTile } from '../../lib/web-module';

const MODULE = 'Booking Management';
const load = () => import('./index');
const tiles = () => import('./dashboard-tiles');
const messaging = () => import('../messaging/public');

const tile = (t: Omit<DashboardTile, 'module'>): DashboardTile => ({ module: MODULE, ...t });

const screens = {
  'booking-dashboard': lazyScreen(load, (m) => m.BookingDashboardPage),
  'booking-booking': lazyScreen(load, (m) => m.BookingPage),
  'booking-clients': lazyScreen(load, (m) => m.ClientsPage),
  'booking-clients-bulk': lazyScreen(load, (m) => m.ClientsBulkPage),
  'booking-subscriptions': lazyScreen(load, (m) => m.SubscriptionsPage),
  'booking-clients-table': lazyScreen(load, (m) => m.ClientsTablePage),
  'booking-transactions': lazyScreen(load, (m) => m.TransactionsPage),
  'booking-facilities': lazyScreen(load, (m) => m.FacilityListPage),
  'booking-facility-form': lazyScreen(load, (m) => m.FacilityFormPage),
  'booking-logs': lazyScreen(load, (m) => m.BookingLogsPage),
  'booking-reports': lazyScreen(load, (m) => m.BookingReportsPage),
  'booking-messaging': lazyScreen(messaging, (m) => m.BookingManualPage),
  'booking-messaging-auto': lazyScreen(messaging, (m) => m.BookingAutoPage),
  'booking-messaging-logs': lazyScreen(messaging, (m) => m.BookingLogsPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/** Booking Management: facilities, slots, desk and online bookings, clients and their dues. */
export const bookingModule = defineModule({
  name: 'booking',
  screens,
  // The online-booking portal (portal.html → src/portal-main.tsx → modules/public/), embeddable in the club's website.
  publicPages: [{ path: '/online-booking', html: 'portal.html', title: 'Online Booking', framable: true }],
  menu: [
    {
      order: 70,
      node: entry('Booking', 'booking', { module: MODULE }, [
        entry('Dashboard', '', { screen: 'booking-dashboard' }),
        entry('Booking', 'booking', { screen: 'booking-booking' }),
        // One Clients screen with a Bulk mode toggle; the spec's old tab paths open it (bulk on / off) so links keep working.
        tabs('Clients', 'clients', [
          entry('Clients', '', { screen: 'booking-clients' }),
          entry('Bulk Table', 'bulk-table', { screen: 'booking-clients-bulk', hidden: true }),
          entry('Clients Table', 'clients-table', { screen: 'booking-clients-table', hidden: true }),
        ]),
        // Recurring bookings, an entry of its own at the spec's path /booking/clients/booking-subscription.
        entry('Booking Subscription', 'clients/booking-subscription', { screen: 'booking-subscriptions' }),
        entry('Transactions', 'transactions', { screen: 'booking-transactions' }),
        tabs('Messaging', 'messaging', [
          entry('Manual', '', { screen: 'booking-messaging' }),
          entry('Auto Messaging', 'auto-messaging', { screen: 'booking-messaging-auto' }),
          entry('Messaging Logs', 'messaging-logs', { screen: 'booking-messaging-logs' }),
        ]),
        tabs('Settings', 'settings', [
          entry('Facility Management', '', { screen: 'booking-facilities' }),
          entry('Add Facility', 'add-faculty', { screen: 'booking-facility-form' }),
        ]),
        entry('Logs', 'logs', { screen: 'booking-logs' }),
      ]),
    },
    {
      order: 40,
      under: 'reports',
      node: entry('Booking', 'booking', { screen: 'booking-reports', note: 'Booked, online, collection, occupancy, no-shows.' }),
    },
  ],
  tiles: [
    tile({
      id: 'booking-today',
      title: "Today's bookings",
      to: '/booking/booking',
      linkLabel: 'Open day view',
      span: 1,
      order: 10,
      component: lazyTile(tiles, (m) => m.TodayTile),
    }),
    tile({
      id: 'booking-occupancy',
      title: 'Occupancy today',
      to: '/booking',
      linkLabel: 'Open booking dashboard',
      span: 2,
      order: 30,
      component: lazyTile(tiles, (m) => m.OccupancyTile),
    }),
    tile({
      id: 'booking-chart',
      title: 'Bookings, last 30 days',
      to: '/reports/booking',
      linkLabel: 'Open booking reports',
      span: 2,
      order: 40,
      component: lazyTile(tiles, (m) => m.ThirtyDaysTile),
    }),
    tile({
      id: 'booking-upcoming',
      title: 'Upcoming bookings',
      to: '/booking/booking?view=list',
      linkLabel: 'Open all bookings',
      span: 2,
      order: 50,
      component: lazyTile(tiles, (m) => m.UpcomingTile),
    }),
  ],
  search: [
    { kind: 'booking', label: 'Bookings', module: MODULE },
    { kind: 'booking_client', label: 'Clients', module: MODULE },
  ],
});
