import { clsx } from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useAuth } from '../state/auth';
import { formatMoney } from '../lib/format';

/** The reminder a desk sends for a due, in the words a person would use. */
export function dueReminderText(name: string, due: string, organisation: string): string {
  const first = name.trim().split(/\s+/)[0] || name;
  return `Hello ${first}, this is a reminder from ${organisation || 'us'}: ${formatMoney(due)} is due on your account. You can pay at the desk by cash, card or UPI. Thank you!`;
}

/** The WhatsApp address that opens a chat with an Indian mobile number, the text filled in. */
export function whatsAppHref(phone: string, text: string): string | null {
  const digits = phone.replace(/\D/g, '').slice(-10);
  if (digits.length !== 10) return null;
  return `https://wa.me/91${digits}?text=${encodeURIComponent(text)}`;
}

/**
 * "Open in WhatsApp" with a due reminder, until the messaging module sends reminders itself: it
 * opens WhatsApp (the app on a phone, WhatsApp Web on a desktop) with the member's number and the
 * amount in the message; the desk presses send.
 */
export function WhatsAppDueLink({ name, phone, due, className }: { name: string; phone: string; due: string; className?: string }) {
  const organisation = useAuth((s) => s.organisation?.display_name ?? '');
  const href = whatsAppHref(phone, dueReminderText(name, due, organisation));
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      aria-label={`Open in WhatsApp: remind ${name} of ${formatMoney(due)}`}
      className={clsx(
        'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-accent-text hover:bg-subtle focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent',
        className,
      )}
      onClick={(e) => e.stopPropagation()}
    >
      <MessageCircle size={14} aria-hidden />
      Open in WhatsApp
    </a>
  );
}
