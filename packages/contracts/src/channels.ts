/** The messaging engine's channels: a tiny module of its own, so the root contracts (opt-out fields of every person's form) need not load the engine's. */
export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];
