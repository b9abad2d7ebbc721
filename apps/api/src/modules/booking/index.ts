/** What other modules may use of Booking Management: its tables and published queries. */
export { booking, bookingClient, facility } from './schema.js';
export { bookingsJson, loadBooking, type BookingRow } from './booking.queries.js';
