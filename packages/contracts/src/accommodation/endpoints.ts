/** The endpoints of Accommodation Management (`/api/accommodation/`, module "Accommodation Management"). */
import { z } from '../zod-config.js';
import { idParamsSchema, idSchema, isoDateSchema, listQuerySchema } from '../common.js';
import { auditLogEndpoint, crudEndpoints, endpoint, listEndpoint } from '../endpoint.js';
import { LEDGER_KINDS, ledgerEntrySchema, ledgerTotalsSchema } from '../money/invoice.js';
import {
  accommodationDashboardSchema,
  accommodationSettingsInputSchema,
  accommodationSettingsSchema,
  boardQuerySchema,
  boardSchema,
  bookingDetailSchema,
  bookingInputSchema,
  bookingSchema,
  bookingUpdateSchema,
  cancelInputSchema,
  changeRoomInputSchema,
  checkInInputSchema,
  checkOutInputSchema,
  checkOutQuoteSchema,
  clientInputSchema,
  clientSchema,
  roomInputSchema,
  roomSchema,
  roomTypeInputSchema,
  roomTypeSchema,
  stayPaymentInputSchema,
} from './accommodation.js';

const BASE = '/api/accommodation/' as const;

/** List filters: `is_active`. */
export const roomTypeEndpoints = crudEndpoints(`${BASE}room-type/`, roomTypeSchema, roomTypeInputSchema, { dropdown: true });
/** List filters: `room_type`, `centre`, `status`, `floor`; search by number, floor. Dropdown: "A-101 (Twin sharing)". */
export const roomEndpoints = crudEndpoints(`${BASE}room/`, roomSchema, roomInputSchema, { dropdown: true });
/** List filters: `is_active`, `in_house` (checked in today), `has_due`, `member`; search by name, phone, e-mail, guardian. */
export const clientEndpoints = crudEndpoints(`${BASE}client/`, clientSchema, clientInputSchema, { dropdown: true });
/** A resident's ID proof (an image or a PDF, multipart field `file`). */
export const clientIdProofEndpoints = {
  upload: endpoint({ method: 'POST', path: `${BASE}client/:id/id-proof/`, params: idParamsSchema, form: true, response: clientSchema }),
  remove: endpoint({ method: 'DELETE', path: `${BASE}client/:id/id-proof/`, params: idParamsSchema, response: clientSchema }),
  file: endpoint({ method: 'GET', path: `${BASE}client/:id/id-proof/`, params: idParamsSchema, file: true }),
};

const BOOKING = `${BASE}booking/` as const;
const ONE = `${BOOKING}:id/` as const;
/**
 * Stays. List filters: `client`, `room`, `room_type`, `centre`, `status`, `rate_basis`, `has_due`,
 * `date_after`/`date_before` (stays overlapping the window), `arriving` / `departing` (a date);
 * search by resident, phone, room number. Newest check-in first.
 */
export const bookingEndpoints = {
  list: listEndpoint(BOOKING, bookingSchema),
  create: endpoint({ method: 'POST', path: BOOKING, body: bookingInputSchema, response: bookingDetailSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: ONE, params: idParamsSchema, response: bookingDetailSchema }),
  partialUpdate: endpoint({ method: 'PATCH', path: ONE, params: idParamsSchema, body: bookingUpdateSchema, response: bookingDetailSchema }),
  checkIn: endpoint({
    method: 'POST',
    path: `${ONE}check-in/`,
    params: idParamsSchema,
    body: checkInInputSchema,
    response: bookingDetailSchema,
  }),
  checkOutQuote: endpoint({
    method: 'GET',
    path: `${ONE}check-out-quote/`,
    params: idParamsSchema,
    query: z.object({ date: isoDateSchema.optional() }),
    response: checkOutQuoteSchema,
  }),
  checkOut: endpoint({
    method: 'POST',
    path: `${ONE}check-out/`,
    params: idParamsSchema,
    body: checkOutInputSchema,
    response: bookingDetailSchema,
  }),
  changeRoom: endpoint({
    method: 'POST',
    path: `${ONE}change-room/`,
    params: idParamsSchema,
    body: changeRoomInputSchema,
    response: z.object({ old: bookingDetailSchema, new: bookingDetailSchema }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${ONE}cancel/`,
    params: idParamsSchema,
    body: cancelInputSchema,
    response: bookingDetailSchema,
  }),
  /** A payment against the stay's due (its invoices, oldest first). */
  pay: endpoint({
    method: 'POST',
    path: `${ONE}pay/`,
    params: idParamsSchema,
    body: stayPaymentInputSchema,
    response: bookingDetailSchema,
  }),
};

/** Rooms × days, beds as rows and stays as bars. */
export const occupancyBoardEndpoint = endpoint({
  method: 'GET',
  path: `${BASE}occupancy-board/`,
  query: boardQuerySchema,
  response: boardSchema,
});
export const accommodationDashboardEndpoint = endpoint({
  method: 'GET',
  path: `${BASE}dashboard/`,
  query: z.object({ centre: idSchema.optional() }),
  response: accommodationDashboardSchema,
});
export const accommodationSettingsEndpoints = {
  retrieve: endpoint({ method: 'GET', path: `${BASE}settings/`, response: accommodationSettingsSchema }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}settings/`,
    body: accommodationSettingsInputSchema,
    response: accommodationSettingsSchema,
  }),
};
/** The income-expense list's filters: its list and its totals read the same ones. */
export const accommodationLedgerFilterShape = {
  kind: z.enum(LEDGER_KINDS),
  centre: idSchema,
  payment_mode: idSchema,
  date_after: isoDateSchema,
  date_before: isoDateSchema,
};
/**
 * This module's rows of the ledger (receipts, refunds, deposits), newest first. Filters: `kind`,
 * `centre`, `payment_mode`, `date_after`, `date_before`; search by party, reference, invoice.
 */
export const accommodationIncomeExpenseEndpoints = {
  list: listEndpoint(`${BASE}income-expense/`, ledgerEntrySchema),
  totals: endpoint({
    method: 'GET',
    path: `${BASE}income-expense/totals/`,
    query: z.object({ search: listQuerySchema.shape.search, ...z.object(accommodationLedgerFilterShape).partial().shape }),
    response: ledgerTotalsSchema,
  }),
};
export const accommodationLogsEndpoint = auditLogEndpoint(`${BASE}logs/`);
