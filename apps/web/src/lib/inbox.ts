/**
 * The top bar's Messages dropdown reads its entries from one hook, which the messaging engine
 * provides (issue 22): the latest inbound messages and delivery failures. Until a module calls
 * `provideMessagesInbox(hook)` — once, at import of its `manifest.ts`, before the app first
 * renders, so the hook called by the top bar never changes between renders — the dropdown shows
 * its honest empty state.
 */
export interface InboxEntry {
  id: string | number;
  title: string;
  body: string;
  /** ISO date-time */
  at: string;
  /** The app's path that opens it (the delivery log, the conversation). */
  link?: string;
  kind: 'inbound' | 'failure';
  unread: boolean;
}

export interface Inbox {
  entries: InboxEntry[];
  unread: number;
  /** Where "View all" goes, e.g. '/admin/messaging/logs'. */
  viewAll?: string;
  /** Marks an entry seen (on click). */
  markRead?: (entry: InboxEntry) => void;
}

const EMPTY: Inbox = { entries: [], unread: 0 };
let messagesHook: () => Inbox = () => EMPTY;

export function provideMessagesInbox(hook: () => Inbox): void {
  messagesHook = hook;
}

/** The Messages dropdown's entries (empty until the messaging engine provides them). */
export const useMessagesInbox = (): Inbox => messagesHook();
