import type { ModuleName } from '@arena/contracts/kit';
import type { PaymentLink } from '@arena/contracts/payments';
import { Check, Copy, Link2, Mail, MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { whatsAppHref } from '../../components/WhatsAppLink';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/useCan';
import { useAuth } from '../../state/auth';
import { useCreatePaymentLink, useEmailPaymentLink } from './api';

/** A sale with a due that a payment link can be sent for. */
export interface LinkSale {
  /** `membership`, `member_service`, `booking`. */
  type: string;
  id: number;
  /** How the desk knows it ('Gold Monthly (1 Jan – 31 Jan)'), for the choice when there are several. */
  label?: string;
  due?: string;
}

/** Whether the signed-in user may send payment links for a module's sales: its desk (operate) or the Administrator's. */
export function useCanSendPaymentLink(module: ModuleName): boolean {
  const own = useCan(module, 'operate');
  const admin = useCan('Administrator Management', 'operate');
  return own || admin;
}

/** The message that goes with a link, in the words a person would use. */
export function paymentLinkText(name: string, due: string, organisation: string, url: string): string {
  const first = name.trim().split(/\s+/)[0] || name;
  return `Hello ${first}, ${formatMoney(due)} is due on your account with ${organisation || 'us'}. You can pay it online here: ${url} Thank you!`;
}

/**
 * Send payment link (issue 23): makes a link for a sale's due as soon as it opens, then shows it
 * with Copy and Open in WhatsApp (the payer's number filled in when known). The link is shown only
 * here: it is not stored in a readable form.
 */
export function PaymentLinkDialog({
  sales,
  phone,
  open,
  onOpenChange,
}: {
  /** The sales with a due: one is linked at once; several are offered to choose from. */
  sales: LinkSale[];
  /** The payer's phone for WhatsApp, when the page knows it (else the invoice's). */
  phone?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [chosen, setChosen] = useState<LinkSale | null>(null);
  const sale = sales.length === 1 ? sales[0] : chosen;
  const close = (o: boolean) => {
    if (!o) setChosen(null);
    onOpenChange(o);
  };
  return (
    <Dialog open={open} onOpenChange={close} title="Send payment link" size="sm">
      {open &&
        (sale ? (
          <LinkBody key={`${sale.type}:${sale.id}`} sale={sale} phone={phone} onClose={() => close(false)} />
        ) : sales.length === 0 ? (
          <Alert tone="success">Nothing is due.</Alert>
        ) : (
          <div className="space-y-2">
            <p className="text-sm text-muted">Which due is the link for?</p>
            {sales.map((s) => (
              <button
                key={`${s.type}:${s.id}`}
                type="button"
                onClick={() => setChosen(s)}
                className="flex w-full items-center justify-between gap-3 rounded-md border border-line px-3 py-2 text-left text-sm hover:bg-subtle focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span className="min-w-0">{s.label ?? `${s.type} ${s.id}`}</span>
                {s.due && <span className="shrink-0 font-semibold tabular">{formatMoney(s.due)}</span>}
              </button>
            ))}
          </div>
        ))}
    </Dialog>
  );
}

function LinkBody({ sale, phone, onClose }: { sale: LinkSale; phone?: string; onClose: () => void }) {
  const create = useCreatePaymentLink();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create.mutate({ sale_type: sale.type, sale_id: sale.id });
  }, [create, sale]);
  if (create.isError)
    return (
      <div className="space-y-4">
        <Alert tone="error">{errorMessage(create.error)}</Alert>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  if (!create.data) return <Skeleton className="h-40 w-full" />;
  return <LinkReady link={create.data} phone={phone} onClose={onClose} />;
}

function LinkReady({ link, phone, onClose }: { link: PaymentLink; phone?: string; onClose: () => void }) {
  const organisation = useAuth((s) => s.organisation?.display_name ?? '');
  const [copied, setCopied] = useState(false);
  const url = link.url ?? '';
  const text = paymentLinkText(link.buyer_name, link.amount, organisation, url);
  const whatsApp = whatsAppHref(phone || link.buyer_phone, text);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const input = document.getElementById('payment-link-url') as HTMLInputElement | null;
      input?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  }
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted">For</dt>
          <dd className="font-medium">{link.sale_label}</dd>
        </div>
        <div>
          <dt className="text-muted">Due now</dt>
          <dd className="font-semibold tabular">{formatMoney(link.amount)}</dd>
        </div>
        <div>
          <dt className="text-muted">Payer</dt>
          <dd>{link.buyer_name || '—'}</dd>
        </div>
        <div>
          <dt className="text-muted">Valid until</dt>
          <dd className="tabular">{formatDateTime(link.expires_at)}</dd>
        </div>
      </dl>
      <div>
        <label htmlFor="payment-link-url" className="text-sm font-medium">
          Payment link
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="payment-link-url"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-md border border-line bg-subtle px-3 py-2 font-mono text-xs"
          />
          <Button variant="secondary" onClick={() => void copy()} aria-label="Copy link">
            {copied ? <Check size={15} aria-hidden /> : <Copy size={15} aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p className="mt-1 text-xs text-muted">
          The payer sees what is owed and pays online; the payment is recorded on the invoice at once. The link charges the due at the time
          they pay, and is shown only now.
        </p>
      </div>
      <EmailLink link={link} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-3">
        <a className={buttonClass('secondary')} href={url} target="_blank" rel="noreferrer">
          <Link2 size={15} aria-hidden /> Open
        </a>
        {whatsApp && (
          <a className={buttonClass('secondary')} href={whatsApp} target="_blank" rel="noreferrer">
            <MessageCircle size={15} aria-hidden /> Share on WhatsApp
          </a>
        )}
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}

/** Send by e-mail: the payer's address (theirs on the sale when known), mailed by the server. */
function EmailLink({ link }: { link: PaymentLink }) {
  const [to, setTo] = useState(link.buyer_email);
  const send = useEmailPaymentLink();
  const token = (link.url ?? '').split('/pay/')[1] ?? '';
  const errors = fieldErrors(send.error);
  const general = send.isError && !errors.to && !errors.token ? errorMessage(send.error) : errors.token;
  return (
    <form
      className="space-y-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate({ id: link.id, body: { to, token } }, { onSuccess: (r) => notify.success(r.detail) });
      }}
    >
      <div className="flex items-end gap-2">
        <TextField
          className="min-w-0 flex-1"
          label="Payer's e-mail"
          type="email"
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            send.reset();
          }}
          error={errors.to}
          placeholder="name@example.com"
        />
        <Button type="submit" variant="secondary" disabled={send.isPending} className={errors.to ? 'mb-6' : undefined}>
          <Mail size={15} aria-hidden /> {send.isSuccess ? 'Sent' : 'Send by e-mail'}
        </Button>
      </div>
      {general && <Alert tone="error">{general}</Alert>}
    </form>
  );
}
