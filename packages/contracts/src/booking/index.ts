/** `@arena/contracts/booking`: facilities, slots, bookings, clients, subscriptions, the board, reports. */
export * from './booking.js';
export * from './booking-board.js';
export * from './booking-setup.js';
export * from './booking-reports.js';
export * from './endpoints.js';
