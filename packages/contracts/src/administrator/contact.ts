import { z } from '../zod-config.js';
import { requiredSingleLineText, requiredText } from '../common.js';

/** The /contact page's message to the organisation's owner: a subject line and the message itself. */
export const contactMessageSchema = z.object({
  subject: requiredSingleLineText(150, 'Subject is required'),
  message: requiredText(5000, 'Message is required'),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
