/** What other modules may use of Booking Management: its tables and published queries. */
export { booking, bookingClient, facility } from './schema.js';
export { bookingsJson, loadBooking, type BookingRow } from './booking.queries.js';
/** CRM Management's contact groups (issue 22): booking clients as recipients. */
export { clientContacts, type ClientContact } from './contacts.queries.js';
