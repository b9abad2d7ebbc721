import { z } from '../zod-config.js';
import { dropdownSchema, idParamsSchema, idSchema, listQuerySchema, paginatedSchema } from '../common.js';
import { auditLogEndpoint, crudEndpoints, endpoint, listEndpoint, reportEndpoint } from '../endpoint.js';
import { dayParams } from '../public/endpoints.js';
import {
  bookedTimeSlotSchema,
  bookingCancelSchema,
  bookingCancelSlotsSchema,
  bookingCreditRefundSchema,
  bookingMoveSchema,
  bookingPaymentSchema,
  bookingSchema,
  bookingSubscriptionCancelSchema,
  bookingUpdateSchema,
  clientCreditSchema,
  clientInputSchema,
  clientSchema,
  daySlotGroupSchema,
  deskBookingInputSchema,
  facilityInputSchema,
  facilitySchema,
  paymentInputSchema,
  subscriptionInputSchema,
  subscriptionResultSchema,
  subscriptionSchema,
} from './booking.js';
import {
  boardQuerySchema,
  boardSchema,
  clientLookupQuerySchema,
  clientLookupSchema,
  deskBookingsInputSchema,
  deskBookingsResultSchema,
} from './booking-board.js';
import {
  bookingDashboardSchema,
  bookingReportSchema,
  clientReliabilitySchema,
  occupancyReportSchema,
  sportsReportSchema,
  transactionReportSchema,
} from './booking-reports.js';
import { copySlotGroupsInputSchema, copySlotGroupsResultSchema, subscriptionPreviewSchema } from './booking-setup.js';

/** The desk's centre filter (dashboard, facility dropdown): one centre, or all. */
const centreQuery = z.object({ centre: idSchema.optional() });

const FACILITY = '/api/booking/facility/';
/** Facilities with their slot templates; PATCH's `slot_groups`, when sent, replaces the template. */
export const facilityEndpoints = {
  ...crudEndpoints(FACILITY, facilitySchema, facilityInputSchema),
  /** Active facilities as "sport - facility", of one centre or all. */
  dropdown: endpoint({ method: 'GET', path: `${FACILITY}dropdown/`, query: centreQuery, response: dropdownSchema }),
  /** Copy every slot group of `:id` to `to_facility`. */
  copySlotGroups: endpoint({
    method: 'POST',
    path: `${FACILITY}:id/copy-slot-groups/`,
    params: idParamsSchema,
    body: copySlotGroupsInputSchema,
    response: copySlotGroupsResultSchema,
  }),
  /** The staff's day view: every slot of a date with its status and booking (`:date` dd-MM-yyyy). */
  day: endpoint({
    method: 'GET',
    path: `${FACILITY}:id/available-slots/:date/`,
    params: dayParams,
    response: z.array(daySlotGroupSchema),
  }),
};

const BOOKING = '/api/booking/booking/';
const ONE_BOOKING = `${BOOKING}:id/` as const;
/** A POST on one booking that answers the booking. */
const bookingAction = <const P extends string, B extends z.ZodType>(action: P, body: B) =>
  endpoint({
    method: 'POST',
    path: `${ONE_BOOKING}${action}/` as `${typeof ONE_BOOKING}${P}/`,
    params: idParamsSchema,
    body,
    response: bookingSchema,
  });
/** Closing a booking; only cancelling reads the body (`reason`, and `refund`: money given back, the rest kept as credit). */
const closeBody = bookingCancelSchema.nullish();

export const bookingEndpoints = {
  list: listEndpoint(BOOKING, bookingSchema),
  /** Book slots at the desk for a client (optionally with a payment). */
  create: endpoint({ method: 'POST', path: BOOKING, body: deskBookingInputSchema, response: bookingSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: ONE_BOOKING, params: idParamsSchema, response: bookingSchema }),
  /** The discount or the notes. */
  update: endpoint({ method: 'PATCH', path: ONE_BOOKING, params: idParamsSchema, body: bookingUpdateSchema, response: bookingSchema }),
  cancel: bookingAction('cancel', closeBody),
  complete: bookingAction('complete', closeBody),
  noShow: bookingAction('no-show', closeBody),
  cancelSlots: bookingAction('cancel-slots', bookingCancelSlotsSchema),
  move: bookingAction('move', bookingMoveSchema),
  refund: bookingAction('refund', bookingCreditRefundSchema),
  pay: bookingAction('payments', paymentInputSchema),
};

const CLIENT = '/api/booking/client/';
export const bookingClientEndpoints = {
  ...crudEndpoints(CLIENT, clientSchema, clientInputSchema),
  /** The client who holds a mobile number, if any. */
  lookup: endpoint({ method: 'GET', path: `${CLIENT}lookup/`, query: clientLookupQuerySchema, response: clientLookupSchema }),
  /** A client's credit: the sum over their bookings. */
  credit: endpoint({ method: 'GET', path: `${CLIENT}:id/credit/`, params: idParamsSchema, response: clientCreditSchema }),
};

const SUBSCRIPTION = '/api/booking/subscription/';
export const bookingSubscriptionEndpoints = {
  list: listEndpoint(SUBSCRIPTION, subscriptionSchema),
  create: endpoint({ method: 'POST', path: SUBSCRIPTION, body: subscriptionInputSchema, response: subscriptionResultSchema, status: 201 }),
  /** Each date free or clashing, its price and the total; writes nothing. */
  preview: endpoint({
    method: 'POST',
    path: `${SUBSCRIPTION}preview/`,
    body: subscriptionInputSchema,
    response: subscriptionPreviewSchema,
  }),
  retrieve: endpoint({ method: 'GET', path: `${SUBSCRIPTION}:id/`, params: idParamsSchema, response: subscriptionSchema }),
  cancel: endpoint({
    method: 'POST',
    path: `${SUBSCRIPTION}:id/cancel/`,
    params: idParamsSchema,
    body: bookingSubscriptionCancelSchema,
    response: subscriptionSchema,
  }),
};

/** Booking › Transactions: the money movements of bookings on the ledger, and the booked slots. */
export const bookingTransactionEndpoints = {
  payments: listEndpoint('/api/booking/booking-transaction/', bookingPaymentSchema),
  bookedSlots: listEndpoint('/api/booking/booked-time-slot/', bookedTimeSlotSchema),
};

/** The desk's board of a centre and a date, and its booking of several facilities in one step. */
export const boardEndpoints = {
  board: endpoint({ method: 'GET', path: '/api/booking/board/', query: boardQuerySchema, response: boardSchema }),
  /** One booking per facility, all or nothing. */
  deskBookings: endpoint({
    method: 'POST',
    path: '/api/booking/desk-bookings/',
    body: deskBookingsInputSchema,
    response: deskBookingsResultSchema,
    status: 201,
  }),
};

/** Booking › Dashboard: today, this month, occupancy per facility, upcoming bookings, the last 30 days. */
export const bookingDashboard = endpoint({
  method: 'GET',
  path: '/api/booking/dashboard/',
  query: centreQuery,
  response: bookingDashboardSchema,
});

/** Booking › Reports: the last 30 days by default (at most 92 days for occupancy and the clients). */
export const bookingReportEndpoints = {
  /** Booked (all sources) or online bookings, grouped by date, facility or sport. */
  bookings: reportEndpoint('/api/booking/reports/booking/', bookingReportSchema, {
    query: { report: z.enum(['booked', 'online']).default('booked'), group_by: z.enum(['date', 'facility', 'sport']).default('date') },
  }),
  collections: reportEndpoint('/api/booking/reports/booking/transaction/', transactionReportSchema),
  sportsCollections: reportEndpoint('/api/booking/reports/booking/sports-transaction/', sportsReportSchema),
  occupancy: reportEndpoint('/api/booking/reports/occupancy/', occupancyReportSchema),
  /** A page of clients (the file holds them all). */
  clientReliability: reportEndpoint('/api/booking/reports/client-reliability/', paginatedSchema(clientReliabilitySchema), {
    query: { page: listQuerySchema.shape.page, page_size: listQuerySchema.shape.page_size },
  }),
};

/** Booking › Logs: the module's audit trail. */
export const bookingLogs = auditLogEndpoint('/api/booking/logs/');
