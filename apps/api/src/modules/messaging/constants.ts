import type { ModuleName } from '@arena/contracts/kit';
import type { MessageModule } from '@arena/contracts/messaging';

export const MODULE: ModuleName = 'Administrator Management';

/** The permission that shows each module's templates, rules and log rows. */
export const MODULE_PERMISSION: Record<MessageModule, ModuleName> = {
  administrator: 'Administrator Management',
  membership: 'Membership Management',
  booking: 'Booking Management',
  crm: 'CRM Management',
  diet: 'Diet Management',
  training: 'Training/Workouts',
  accommodation: 'Accommodation Management',
};
/** Every permission that opens a messaging screen (each sees its own module's rows). */
export const MESSAGING_MODULES: ModuleName[] = [
  'Administrator Management',
  'Booking Management',
  'Membership Management',
  'CRM Management',
  'Diet Management',
  'Training/Workouts',
  'Accommodation Management',
];

export const DRAIN_TASK = 'messaging.drain';
export const RULES_TASK = 'messaging.rules';
/** Attempts before a message is failed for good (its credits refunded). */
export const MAX_ATTEMPTS = 3;
/** How long a claimed message stays with its worker before another may take it. */
export const LEASE_SECONDS = 120;
export const DRAIN_BATCH = 500;
