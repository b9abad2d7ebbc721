import { REFERRAL_STATE_LABELS, type Referral, type ReferralState } from '@arena/contracts/referral';
import { Check, Copy, Gift, MessageCircle, Share2, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useReferralOverview } from './api';

const STATE_TONE: Record<ReferralState, 'neutral' | 'info' | 'success' | 'danger'> = {
  signed_up: 'info',
  trial: 'neutral',
  paid: 'info',
  rewarded: 'success',
};

/** Copies text; older browsers (or a page not in a secure context) fall back to a selected textarea. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

function Step({ n, title, children }: { n: number; title: string; children: string }) {
  return (
    <li className="flex gap-3">
      <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-text">
        {n}
      </span>
      <div>
        <p className="text-sm font-medium">{title}</p>
        <p className="text-xs text-muted">{children}</p>
      </div>
    </li>
  );
}

function ReferralsTable({ referrals }: { referrals: Referral[] }) {
  if (!referrals.length)
    return (
      <EmptyState icon={Users} title="No referrals yet">
        Share your link: every organization that registers through it shows here, with where it stands.
      </EmptyState>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-separate border-spacing-0 text-sm" aria-label="Your referrals">
        <thead>
          <tr>
            {['Organization', 'Registered', 'Status', 'Rewarded'].map((h) => (
              <th
                key={h}
                scope="col"
                className="whitespace-nowrap border-b border-line bg-subtle px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-muted"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {referrals.map((r) => (
            <tr key={r.id} className="hover:bg-subtle/60">
              <td className="border-b border-line px-4 py-2.5 font-medium">{r.display_name}</td>
              <td className="whitespace-nowrap border-b border-line px-4 py-2.5">{formatDate(r.registered_on)}</td>
              <td className="border-b border-line px-4 py-2.5">
                <Badge tone={STATE_TONE[r.state]}>{REFERRAL_STATE_LABELS[r.state]}</Badge>
              </td>
              <td className="whitespace-nowrap border-b border-line px-4 py-2.5 text-muted">
                {r.rewarded_on ? formatDate(r.rewarded_on) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/refer-and-earn` (issue 23 §3): the owner's link with copy, share, a QR and WhatsApp, and the referrals. */
export default function ReferAndEarnPage() {
  const overview = useReferralOverview();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const header = (
    <PageHeader
      title="Refer &amp; Earn"
      description="Invite another club to Arena. When it pays its first subscription, you both get one month free."
    />
  );

  if (overview.isError) {
    const forbidden = overview.error instanceof ApiError && overview.error.status === 403;
    return (
      <>
        {header}
        <Alert tone={forbidden ? 'info' : 'error'}>
          {forbidden ? 'Only the owner of the organization can refer and earn.' : errorMessage(overview.error)}
        </Alert>
      </>
    );
  }

  const data = overview.data;
  const copy = async () => {
    if (!data) return;
    if (await copyText(data.link)) {
      setCopied(true);
      notify.success('Referral link copied.');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } else notify.error('Could not copy the link. Select it and copy it yourself.');
  };
  const share = async () => {
    if (!data) return;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Arena', text: data.share_text, url: data.link });
      } catch {
        // the visitor closed the share sheet
      }
    } else await copy();
  };

  return (
    <>
      {header}
      <div className="grid gap-5 lg:grid-cols-[1fr_300px]">
        <Card className="p-5">
          <h2 className="text-sm font-semibold">Your referral link</h2>
          {data ? (
            <>
              <div className="mt-3 flex flex-col gap-2 sm:flex-row">
                <input
                  readOnly
                  aria-label="Your referral link"
                  value={data.link}
                  onFocus={(e) => e.currentTarget.select()}
                  className="h-10 min-w-0 flex-1 rounded-md border border-line-strong bg-subtle px-3 font-mono text-sm text-fg"
                />
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => void copy()} aria-live="polite">
                    {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                  <Button onClick={() => void share()}>
                    <Share2 size={16} aria-hidden />
                    Share
                  </Button>
                </div>
              </div>
              <p className="mt-2 text-xs text-muted">
                Your code: <strong className="font-mono text-fg">{data.code}</strong>
              </p>
              <a
                href={data.whatsapp_url}
                target="_blank"
                rel="noreferrer"
                className={buttonClass('secondary', 'md', 'mt-4 text-[#128C7E]')}
              >
                <MessageCircle size={16} aria-hidden />
                Share on WhatsApp
              </a>
              <p className="mt-2 rounded-md bg-subtle px-3 py-2 text-xs text-muted">{data.share_text}</p>
            </>
          ) : (
            <Skeleton className="mt-3 h-10 w-full" />
          )}
          <ol className="mt-6 grid gap-4 border-t border-line pt-5 sm:grid-cols-3">
            <Step n={1} title="Share your link">
              A club opens it and signs up with Arena.
            </Step>
            <Step n={2} title="They register">
              Their organization is linked to yours.
            </Step>
            <Step n={3} title="Both get a month">
              When they pay their first subscription, both due dates move a month.
            </Step>
          </ol>
        </Card>

        <Card className="flex flex-col items-center p-5 text-center">
          <h2 className="self-start text-sm font-semibold">Scan to sign up</h2>
          {data ? (
            <img src={data.qr_svg} alt={`QR code of ${data.link}`} width={200} height={200} className="mt-4 rounded-md bg-white p-2" />
          ) : (
            <Skeleton className="mt-4 h-[200px] w-[200px]" />
          )}
          <p className="mt-3 flex items-center gap-1.5 text-sm text-muted">
            <Gift size={16} className="text-accent-text" aria-hidden />
            {data ? `${data.months_earned} free ${data.months_earned === 1 ? 'month' : 'months'} earned` : '\u00a0'}
          </p>
        </Card>
      </div>

      <Card className="mt-5">
        <div className="flex items-center justify-between border-b border-line px-5 py-3">
          <h2 className="text-sm font-semibold">Your referrals</h2>
          {data && <span className="text-xs text-muted">{data.referrals.length}</span>}
        </div>
        {data ? <ReferralsTable referrals={data.referrals} /> : <Skeleton className="m-5 h-24" />}
      </Card>
    </>
  );
}
