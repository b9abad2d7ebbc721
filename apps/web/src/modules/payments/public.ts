/** What other web modules use of online payments: the Send payment link dialog, and the gateway settings screen. */
export { PaymentLinkDialog, paymentLinkText, useCanSendPaymentLink, type LinkSale } from './PaymentLinkDialog';
export { PaymentGatewayPage } from './PaymentGatewayPage';
