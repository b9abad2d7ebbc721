/** What other modules may use of Booking Management: its tables and published queries. */
export { booking, bookingClient, facility } from './schema.js';
export { bookingsJson, loadBooking, type BookingRow } from './booking.queries.js';
/** CRM Management's contact groups (issue 22): booking clients as recipients. */
export { clientContacts, type ClientContact } from './contacts.queries.js';
/** End User Login (issue 27): booking as a member — facilities, availability, book, own bookings, cancel. */
export {
  bookAsMember,
  bookingIdsOfPhone,
  cancelAsMember,
  memberAvailability,
  memberBookings,
  memberFacilities,
} from './member-bookings.js';
export { guardSlotRace as guardMemberBooking } from './booking.service.js';
