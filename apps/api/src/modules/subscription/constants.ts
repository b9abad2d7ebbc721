import type { ModuleName } from '@arena/contracts';

/** Administrator › Subscription is the administrator's: its users (the owner) see and pay. */
export const MODULE: ModuleName = 'Administrator Management';
export const AUDIT_MODULE = 'Administrator Management';

/** The payment purposes (payee: the provider) this module declares. */
export const PURPOSE = {
  payment: 'subscription_payment',
  renewal: 'subscription_renewal',
  upgrade: 'subscription_upgrade',
  addon: 'subscription_addon',
  sms: 'subscription_sms',
} as const;
