import { z } from '../zod-config.js';
import { endpoint } from '../endpoint.js';

/**
 * Spec 3 (Payments page): start an online payment on the provider's host; the answer's
 * `payment_url` is where the browser goes next. The API serves it from issue 23 (online payments).
 */
export const initiatePayment = endpoint({
  method: 'POST',
  path: '/api/payments/initiate/',
  body: z.object({ amount: z.number().positive(), description: z.string().max(200) }),
  response: z.object({ payment_url: z.string().optional() }),
});
