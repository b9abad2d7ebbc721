/**
 * The payments module's public API (issue 23): online payment orders through the organisation's
 * gateway (payee organisation) or the provider's (payee provider), paid on the gateway's checkout
 * and recorded by its signed callbacks. A module that takes money online declares a purpose in its
 * manifest (`paymentPurposes`) and creates orders with `createPaymentOrder`; its `onPaid` records
 * the money (through the money module's `receive` for the organisation's own sales).
 */
export {
  createPaymentOrder,
  cancelPaymentOrder,
  paymentOrderOf,
  paidOrderTotals,
  settleOrderWithin,
  ONLINE_PAYMENT_MODE,
  onlinePaymentModeId,
  type NewPaymentOrder,
  type CreatedPaymentOrder,
  type PaymentOrderView,
} from './order.service.js';
