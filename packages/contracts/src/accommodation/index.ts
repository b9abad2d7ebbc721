/** `@arena/contracts/accommodation`: Accommodation Management — room types, rooms, residents, stays, the board, dashboard, settings. */
export * from './accommodation.js';
export * from './endpoints.js';
