import { provideMessagesInbox } from '../../lib/inbox';
import { defineModule } from '../../lib/web-module';
import { useMessagingInbox } from './inbox';

// The top bar's Messages dropdown reads the engine's delivery failures (lib/inbox.ts), set once at import.
provideMessagesInbox(useMessagingInbox);

/**
 * The messaging engine on the web: its screens live under Administrator › Messaging, Booking ›
 * Messaging and CRM › Message Template (each of those manifests names them from `public.ts`); this
 * manifest only provides the top bar's Messages entries.
 */
export const messagingModule = defineModule({ name: 'messaging', screens: {}, menu: [] });
