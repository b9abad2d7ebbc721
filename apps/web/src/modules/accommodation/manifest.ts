import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'Accommodation Management';
const load = () => import('./index');
const messaging = () => import('../messaging/public');

const screens = {
  'accommodation-dashboard': lazyScreen(load, (m) => m.AccommodationDashboardPage),
  'accommodation-board': lazyScreen(load, (m) => m.OccupancyBoardPage),
  'accommodation-clients': lazyScreen(load, (m) => m.ResidentsPage),
  'accommodation-stays': lazyScreen(load, (m) => m.StaysPage),
  'accommodation-stay': lazyScreen(load, (m) => m.StayPage),
  'accommodation-rooms': lazyScreen(load, (m) => m.RoomsPage),
  'accommodation-room-types': lazyScreen(load, (m) => m.RoomTypesPage),
  'accommodation-messaging': lazyScreen(messaging, (m) => m.AccommodationManualPage),
  'accommodation-messaging-auto': lazyScreen(messaging, (m) => m.AccommodationAutoPage),
  'accommodation-messaging-logs': lazyScreen(messaging, (m) => m.AccommodationLogsPage),
  'accommodation-income-expense': lazyScreen(load, (m) => m.AccommodationLedgerPage),
  'accommodation-settings': lazyScreen(load, (m) => m.AccommodationSettingsPage),
  'accommodation-logs': lazyScreen(load, (m) => m.AccommodationLogsPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/**
 * Accommodation Management (spec 2.6, issue 26): the dashboard, the occupancy board (rooms × a
 * fortnight, beds as rows, stays as bars; a free cell opens a reservation), residents, stays with
 * check-in, check-out, room change and dues, rooms and room types, messaging (the engine's screens
 * of module `accommodation`), the module's ledger rows, settings and logs.
 */
export const accommodationModule = defineModule({
  name: 'accommodation',
  screens,
  menu: [
    {
      order: 90,
      node: entry(
        'Accommodation',
        'accommodation-management',
        {
          module: MODULE,
          group: true,
          note: 'Rooms and room types, residents and their stays (never two on one bed), messaging, and the income and expenses of the rooms.',
        },
        [
          entry('Dashboard', 'dashboard', { screen: 'accommodation-dashboard' }),
          entry('Accommodation', 'accommodation', { screen: 'accommodation-board' }),
          entry('Clients', 'clients', { screen: 'accommodation-clients' }),
          entry('Booking', 'booking', { screen: 'accommodation-stays' }, [
            entry('Stay', ':stayId', { hidden: true, screen: 'accommodation-stay' }),
          ]),
          entry('Rooms', 'rooms', { screen: 'accommodation-rooms' }),
          entry('Room Types', 'room-types', { screen: 'accommodation-room-types' }),
          tabs('Messaging', 'messaging', [
            entry('Manual', '', { screen: 'accommodation-messaging' }),
            entry('Auto Messaging', 'auto-messaging', { screen: 'accommodation-messaging-auto' }),
            entry('Messaging Logs', 'messaging-logs', { screen: 'accommodation-messaging-logs' }),
            // The spec's path of the Manual tab opens it too.
            entry('Manual', 'manual', { screen: 'accommodation-messaging', hidden: true }),
          ]),
          entry('Income/Expense', 'income-expense', { screen: 'accommodation-income-expense' }),
          entry('Settings', 'settings', { screen: 'accommodation-settings' }),
          entry('Logs', 'logs', { screen: 'accommodation-logs' }),
        ],
      ),
    },
  ],
});
