import { z } from '../zod-config.js';
import { endpoint } from '../endpoint.js';
import { idParamsSchema, partialWithoutDefaults } from '../common.js';

/** Spec 5: the payment's amount must be present and greater than 0. */
export const PAYMENT_AMOUNT_MESSAGE = 'Please enter a valid amount';

/**
 * Spec 3 (Payments page): start an online payment on the provider's host; the answer's
 * `payment_url` is where the browser goes next.
 */
export const initiatePayment = endpoint({
  method: 'POST',
  path: '/api/payments/initiate/',
  body: z.object({
    amount: z
      .number({ error: PAYMENT_AMOUNT_MESSAGE })
      .positive(PAYMENT_AMOUNT_MESSAGE)
      .max(10_000_000, 'An online payment can be at most ₹1,00,00,000.')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PAYMENT_AMOUNT_MESSAGE),
    /** Optional: 'Payment' when left out or blank. */
    description: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((v) => v || 'Payment'),
  }),
  response: z.object({ payment_url: z.string().optional() }),
});

export const GATEWAY_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];
export const GATEWAY_MODES = ['test', 'live'] as const;
export const PAYMENT_ORDER_STATUSES = ['created', 'paid', 'failed', 'expired', 'cancelled'] as const;
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number];

/** Our order ids: `ord_` and 20 url-safe characters. */
export const orderIdSchema = z.string().regex(/^ord_[A-Za-z0-9_-]{10,40}$/, 'Not a payment order.');
export const orderParamsSchema = z.object({ id: orderIdSchema });

/**
 * Administrator › Payment Gateway: the organisation's gateway. The secrets are write-only: the
 * answer shows `••••1234` (the last four characters) or '' when none is stored; a PATCH without
 * a secret keeps the stored one.
 */
const secret = z.string().trim().max(200);
export const paymentGatewayInputSchema = z.object({
  provider: z.enum(GATEWAY_PROVIDERS),
  key_id: z.string().trim().max(100).default(''),
  key_secret: secret.optional(),
  webhook_secret: secret.optional(),
  mode: z.enum(GATEWAY_MODES).default('test'),
  is_active: z.boolean().default(true),
});
export const paymentGatewaySchema = z.object({
  id: z.number(),
  provider: z.enum(GATEWAY_PROVIDERS),
  key_id: z.string(),
  key_secret: z.string(),
  webhook_secret: z.string(),
  mode: z.enum(GATEWAY_MODES),
  is_active: z.boolean(),
  /** Where the gateway posts its webhooks for this organisation. */
  webhook_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentGateway = z.infer<typeof paymentGatewaySchema>;
export type PaymentGatewayInput = z.input<typeof paymentGatewayInputSchema>;

export const paymentGatewayEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/administrator/payment-gateway/',
    response: z.object({ count: z.number(), results: z.array(paymentGatewaySchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/administrator/payment-gateway/',
    body: paymentGatewayInputSchema,
    response: paymentGatewaySchema,
    status: 201,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/administrator/payment-gateway/:id/',
    params: idParamsSchema,
    response: paymentGatewaySchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/administrator/payment-gateway/:id/',
    params: idParamsSchema,
    body: partialWithoutDefaults(paymentGatewayInputSchema),
    response: paymentGatewaySchema,
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/administrator/payment-gateway/:id/', params: idParamsSchema, status: 204 }),
};

/** What the hosted checkout page (`/checkout/:id`) shows: our order, never the gateway's secrets. */
export const checkoutOrderSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_ORDER_STATUSES),
  amount: z.string(),
  currency: z.literal('INR'),
  description: z.string(),
  /** Who is paid: the organisation's display name, or the provider's name. */
  payee_name: z.string(),
  provider: z.enum(GATEWAY_PROVIDERS),
  mode: z.enum(GATEWAY_MODES),
  /** Razorpay's checkout needs the public key id and its order id. */
  key_id: z.string(),
  gateway_order_id: z.string(),
  payer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  /** Where the browser goes when done (same host), without the `order`/`status` the page adds. */
  return_path: z.string(),
  expires_at: z.string(),
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

/** The browser's leg of a gateway's answer (Razorpay checkout's handler, or the sandbox's redirect). */
export const paymentCallbackSchema = z.object({
  razorpay_order_id: z.string().max(100),
  razorpay_payment_id: z.string().max(100).optional(),
  razorpay_signature: z.string().max(200).optional(),
  /** A failure the checkout reported (the visitor closed it, the bank declined). */
  error: z.string().max(300).optional(),
});

export const paymentEndpoints = {
  checkout: endpoint({
    method: 'GET',
    path: '/api/public/payments/checkout/:id/',
    params: orderParamsSchema,
    response: checkoutOrderSchema,
  }),
  /**
   * The sandbox gateway's Pay and Fail buttons. The sandbox delivers its signed webhook before it
   * answers (so the order is settled when this returns), then hands the browser the signed
   * `callback` a real gateway's checkout gives, which the page posts to `callback`.
   */
  sandbox: endpoint({
    method: 'POST',
    path: '/api/public/payments/checkout/:id/sandbox/',
    params: orderParamsSchema,
    body: z.object({ outcome: z.enum(['pay', 'fail']) }),
    response: z.object({ redirect_url: z.string(), callback: paymentCallbackSchema }),
  }),
  /** The gateway's webhook (`X-Razorpay-Signature` over the raw body): the organisation's on its host, the provider's on the provider host. */
  webhook: endpoint({
    method: 'POST',
    path: '/api/public/payments/webhook/',
    body: z.unknown(),
    response: z.object({ status: z.string() }),
  }),
  /** The browser's callback: verified by `razorpay_signature`, recorded once whichever of it and the webhook comes first. */
  callback: endpoint({
    method: 'POST',
    path: '/api/public/payments/callback/',
    body: paymentCallbackSchema,
    response: z.object({ status: z.enum(PAYMENT_ORDER_STATUSES), redirect_url: z.string() }),
  }),
  /** The order's state for a return page (`?order=`). */
  status: endpoint({
    method: 'GET',
    path: '/api/public/payments/order/:id/',
    params: orderParamsSchema,
    response: z.object({
      id: z.string(),
      status: z.enum(PAYMENT_ORDER_STATUSES),
      amount: z.string(),
      description: z.string(),
      paid_at: z.string().nullable(),
    }),
  }),
};
