import { entry } from '../../../lib/web-module';
import type { FutureMenu } from '../entries';

const messaging = (path = 'messaging') =>
  entry('Messaging', path, {}, [
    entry('Manual', 'manual'),
    entry('Auto Messaging', 'auto-messaging'),
    entry('Messaging Logs', 'messaging-logs'),
  ]);

/** Accommodation: not built yet. The module that builds it deletes this file. */
export const menu: FutureMenu = [
  {
    order: 90,
    node: entry(
      'Accommodation',
      'accommodation-management',
      {
        module: 'Accommodation Management',
        group: true,
        note: 'Rooms and room types, residents and their stays (never two on one bed), messaging, and the income and expenses of the rooms.',
      },
      [
        entry('Dashboard', 'dashboard'),
        entry('Accommodation', 'accommodation'),
        entry('Clients', 'clients'),
        entry('Booking', 'booking'),
        entry('Rooms', 'rooms'),
        entry('Room Types', 'room-types'),
        messaging(),
        entry('Income/Expense', 'income-expense'),
        entry('Settings', 'settings'),
        entry('Logs', 'logs'),
      ],
    ),
  },
];
