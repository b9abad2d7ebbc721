/**
 * What other modules use of Invoice Management: an invoice's status badge and its Print, Download
 * PDF and Email actions (the booking's details), and the query keys to refresh after a payment.
 */
export { invoiceKeys } from './api';
export { InvoiceActionButtons, InvoiceStatusBadge, type InvoiceRef } from './InvoiceActions';
