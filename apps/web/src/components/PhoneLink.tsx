import { clsx } from 'clsx';

/**
 * A phone number as a `tel:` link (a tap calls it on a phone; a desktop hands it to its dialler).
 * A click on it does not also open the row or card it sits in.
 */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  const href = digits.length === 10 ? `tel:+91${digits}` : `tel:${digits}`;
  return (
    <a href={href} className={clsx('tabular hover:underline', className)} onClick={(e) => e.stopPropagation()}>
      {phone}
    </a>
  );
}
