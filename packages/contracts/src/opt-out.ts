/**
 * A person's "do not message me" choices, kept on the member and the booking client forms (issue
 * 22): the channels the person opted out of. The messaging engine keys an opt-out on the address
 * (the 10-digit phone for SMS and WhatsApp, the e-mail for e-mail), so a STOP reply through a
 * provider's webhook and the checkbox on the form are one and the same.
 */
import { z } from './zod-config.js';
import { CHANNELS } from './channels.js';

const channels = z
  .array(z.enum(CHANNELS, { error: `A channel must be one of ${CHANNELS.join(', ')}.` }))
  .max(CHANNELS.length)
  .transform((v) => [...new Set(v)]);

export const optOutInputFields = {
  /** The channels the person opted out of; left out, they stay as they are. */
  message_opt_out: channels.optional(),
};

export const optOutOutputFields = {
  message_opt_out: z.array(z.enum(CHANNELS)),
};
