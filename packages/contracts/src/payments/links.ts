import { z } from '../zod-config.js';
import { endpoint } from '../endpoint.js';
import { idParamsSchema, idSchema } from '../common.js';

/**
 * Payment links for dues (issue 23 §1): the desk sends a member or a client a link to a page on the
 * organisation's host (`/pay/<token>`) showing what a sale still owes, paid through the gateway.
 * The token is shown once, when the link is made (only its hash is stored); the payment always
 * charges the sale's due at the moment the payer presses Pay.
 */
export const PAYMENT_LINK_STATUSES = ['open', 'paid', 'cancelled', 'expired'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

export const paymentLinkInputSchema = z.object({
  /** The kind of sale: `membership`, `member_service`, `booking` … (a money module sale source). */
  sale_type: z.string().trim().min(1, 'This field is required.').max(40),
  sale_id: idSchema,
  /** How long the link may be paid: 1 to 30 days, 7 by default. */
  expires_in_days: z.number().int().min(1, 'At least 1 day.').max(30, 'At most 30 days.').default(7),
});
export type PaymentLinkInput = z.input<typeof paymentLinkInputSchema>;
export type PaymentLinkValues = z.output<typeof paymentLinkInputSchema>;

export const paymentLinkSchema = z.object({
  id: z.number(),
  sale_type: z.string(),
  sale_id: z.number(),
  /** `membership MS-2026-0012`: the sale as the invoice names it. */
  sale_label: z.string(),
  buyer_name: z.string(),
  buyer_phone: z.string(),
  buyer_email: z.string(),
  /** The due when the link was made; the payment charges the due at the time. */
  amount: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  /** What the gateway took (recorded on the ledger up to the due). */
  paid_amount: z.string().nullable(),
  created_at: z.string(),
  /** The page to send (`https://<org host>/pay/<token>`): only in the answer that made the link. */
  url: z.string().optional(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinkListQuerySchema = z.object({
  sale_type: z.string().trim().max(40).optional(),
  sale_id: idSchema.optional(),
  status: z.enum(PAYMENT_LINK_STATUSES).optional(),
});

/** A link's token as the URL carries it (anything else is simply not found). */
export const paymentLinkTokenParamsSchema = z.object({ token: z.string().max(100) });

/** What the public page `/pay/<token>` shows. */
export const publicPaymentLinkSchema = z.object({
  status: z.enum(PAYMENT_LINK_STATUSES),
  /** Who is paid (the organisation's display name). */
  payee_name: z.string(),
  buyer_name: z.string(),
  /** `Membership`, `Booking` … */
  noun: z.string(),
  sale_label: z.string(),
  invoice_numbers: z.array(z.string()),
  lines: z.array(z.object({ description: z.string(), quantity: z.string(), amount: z.string() })),
  total: z.string(),
  paid: z.string(),
  /** What is owed now ('0.00' once paid). */
  due: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  paid_amount: z.string().nullable(),
});
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>;

/** E-mail a link made a moment ago: its token (from the url the desk holds — never stored readable) and the payer's address. */
export const paymentLinkEmailSchema = z.object({
  to: z.string().trim().min(1, 'This field is required.').max(254).pipe(z.email('Enter a valid email address.')),
  token: z.string().trim().min(1, 'This field is required.').max(100),
});
export type PaymentLinkEmail = z.input<typeof paymentLinkEmailSchema>;

export const paymentLinkEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/administrator/payment-link/',
    query: paymentLinkListQuerySchema,
    response: z.object({ count: z.number(), results: z.array(paymentLinkSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/administrator/payment-link/',
    body: paymentLinkInputSchema,
    response: paymentLinkSchema,
    status: 201,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/administrator/payment-link/:id/',
    params: idParamsSchema,
    response: paymentLinkSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/administrator/payment-link/:id/cancel/',
    params: idParamsSchema,
    response: paymentLinkSchema,
  }),
  /** Mails the link to the payer (queued; a slow mail server never fails the answer). */
  email: endpoint({
    method: 'POST',
    path: '/api/administrator/payment-link/:id/email/',
    params: idParamsSchema,
    body: paymentLinkEmailSchema,
    response: z.object({ detail: z.string() }),
  }),
  /** The public page's data, on the organisation's own host only. */
  show: endpoint({
    method: 'GET',
    path: '/api/public/payment-link/:token/',
    params: paymentLinkTokenParamsSchema,
    response: publicPaymentLinkSchema,
  }),
  /** Pay: a payment order for the due at this moment; the browser goes to `checkout_url`. */
  pay: endpoint({
    method: 'POST',
    path: '/api/public/payment-link/:token/pay/',
    params: paymentLinkTokenParamsSchema,
    response: z.object({ checkout_url: z.string(), amount: z.string() }),
  }),
};
