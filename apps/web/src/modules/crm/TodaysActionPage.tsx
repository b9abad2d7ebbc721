import type { TodaysActionTab } from '@arena/contracts/crm';
import { CalendarClock, Link2, MessageCircle, MessageSquareText, Phone, RefreshCw, Send, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { whatsAppHref } from '../../components/WhatsAppLink';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import type { ResolvedNode } from '../../lib/web-module';
import { useAuth } from '../../state/auth';
import { useSidebar } from '../../state/sidebar';
import { CollectPaymentDialog, memberPath, RenewDialog } from '../membership/public';
import { PaymentLinkDialog, useCanSendPaymentLink } from '../payments/public';
import { crmKeys, fetchTodaysActions, useLogContact, type TodaysActionRow } from './api';
import { TodaysMessageDialog } from './TodaysMessageDialog';

const TABS: Record<string, TodaysActionTab> = {
  '': 'membership-expiry',
  'payment-due': 'payment-due',
  'service-expiry': 'service-expiry',
  'membership-expired': 'membership-expired',
  'service-expired': 'service-expired',
};
const TEXT: Record<TodaysActionTab, { title: string; empty: string; days?: string }> = {
  'membership-expiry': { title: 'Memberships expiring', empty: 'No membership ends in this window.', days: 'Ending within' },
  'payment-due': { title: 'Payments due', empty: 'Nobody owes anything.' },
  'service-expiry': { title: 'Services expiring', empty: 'No service ends in this window.', days: 'Ending within' },
  'membership-expired': {
    title: 'Memberships expired',
    empty: 'No membership ended in this window without a renewal.',
    days: 'Ended in the last',
  },
  'service-expired': { title: 'Services expired', empty: 'No service ended in this window.', days: 'Ended in the last' },
};
const DAY_CHOICES = [0, 3, 7, 15, 30, 60];

/** The words of a reminder, by tab, for "Open in WhatsApp". */
function reminder(tab: TodaysActionTab, r: TodaysActionRow, organisation: string): string {
  const first = r.name.split(/\s+/)[0];
  const from = organisation || 'us';
  if (tab === 'payment-due')
    return `Hello ${first}, this is ${from}: ${formatMoney(r.due)} is due for ${r.item}. You can pay at the desk by cash, card or UPI. Thank you!`;
  if (tab.endsWith('expired'))
    return `Hello ${first}, we miss you at ${from}! Your ${r.item} ended on ${formatDate(r.end_date)}. Renew at the desk any time.`;
  return `Hello ${first}, this is ${from}: your ${r.item} ends on ${formatDate(r.end_date)}. Renew at the desk to keep going!`;
}

/** CRM › Today's Action (five tabs): the members to call today — renew, collect, call, or message on WhatsApp; each contact is logged. */
export function TodaysActionPage({ node }: { node: ResolvedNode }) {
  const segment = node.fullPath.split('/').at(-1) ?? '';
  const tab = TABS[segment === 'todays-action' ? '' : segment] ?? 'membership-expiry';
  const text = TEXT[tab];
  const [days, setDays] = useState(tab.endsWith('expired') ? '30' : '7');
  const centre = useSidebar((s) => s.selectedCentre);
  const organisation = useAuth((s) => s.organisation?.display_name ?? '');
  const log = useLogContact();
  const [renewing, setRenewing] = useState<TodaysActionRow | null>(null);
  const [collecting, setCollecting] = useState<TodaysActionRow | null>(null);
  const [linking, setLinking] = useState<TodaysActionRow | null>(null);
  const canLink = useCanSendPaymentLink('Membership Management');
  const [messaging, setMessaging] = useState<TodaysActionRow | 'all' | null>(null);
  const membershipTab = tab.startsWith('membership') || tab === 'payment-due';
  return (
    <div>
      <PageHeader
        title="Today's Action"
        description="Members to reach today: renewals coming up, money due, and those who have lapsed."
        actions={
          <Button onClick={() => setMessaging('all')}>
            <Send size={16} aria-hidden /> Message everyone
          </Button>
        }
      />
      <MenuTabs node={node} />
      <DataTable
        title={text.title}
        queryKey={[...crmKeys.todays, tab, days]}
        fetchPage={fetchTodaysActions(tab, text.days ? Number(days) : undefined)}
        scope={{ centre: centre || undefined }}
        filterControls={
          text.days ? (
            <FilterSelect
              label={text.days}
              value={days}
              onChange={(v) => setDays(v || (tab.endsWith('expired') ? '30' : '7'))}
              options={DAY_CHOICES.map((d) => ({ value: String(d), label: d === 0 ? 'Today' : `${d} days` }))}
              allLabel={false}
            />
          ) : undefined
        }
        columns={[
          {
            id: 'member',
            header: 'Member',
            mobile: 'title',
            cell: (r) => (
              <Link to={memberPath(r.member)} className="font-medium hover:text-accent-text hover:underline">
                {r.name} <span className="text-xs text-muted tabular">{r.member_code}</span>
              </Link>
            ),
          },
          { id: 'phone', header: 'Phone', mobile: 'subtitle', cell: (r) => <span className="tabular">{r.phone}</span> },
          { id: 'item', header: tab.startsWith('service') ? 'Service' : 'Plan', mobile: 'meta', cell: (r) => r.item },
          {
            id: 'end',
            header: 'End date',
            mobile: 'meta',
            cell: (r) => <span className="whitespace-nowrap tabular">{formatDate(r.end_date)}</span>,
          },
          {
            id: 'due',
            header: 'Due',
            align: 'right',
            mobile: 'amount',
            cell: (r) => (Number(r.due) > 0 ? <span className="font-semibold tabular">{formatMoney(r.due)}</span> : '—'),
          },
          { id: 'centre', header: 'Center', mobile: false, defaultHidden: true, cell: (r) => r.centre_name },
          {
            id: 'contact',
            header: 'Last contact',
            mobile: 'meta',
            cell: (r) =>
              r.last_contact ? (
                <span className="text-xs">
                  {r.last_contact.kind === 'whatsapp' ? 'WhatsApp' : r.last_contact.kind === 'call' ? 'Call' : 'Message'} ·{' '}
                  {formatDateTime(r.last_contact.at)}
                  {r.last_contact.by && <span className="block text-muted">{r.last_contact.by}</span>}
                </span>
              ) : (
                <span className="text-muted">—</span>
              ),
          },
          {
            id: 'actions',
            header: 'Actions',
            align: 'right',
            mobile: 'actions',
            alwaysVisible: true,
            cell: (r) => {
              const wa = whatsAppHref(r.phone, reminder(tab, r, organisation));
              return (
                <div className="flex flex-wrap justify-end gap-1">
                  {membershipTab && tab !== 'payment-due' && (
                    <Button size="sm" variant="ghost" aria-label={`Renew ${r.name}`} onClick={() => setRenewing(r)}>
                      <RefreshCw size={14} aria-hidden /> Renew
                    </Button>
                  )}
                  {Number(r.due) > 0 && (
                    <Button size="sm" variant="ghost" aria-label={`Collect from ${r.name}`} onClick={() => setCollecting(r)}>
                      <Wallet size={14} aria-hidden /> Collect
                    </Button>
                  )}
                  {canLink && Number(r.due) > 0 && (
                    <Button size="sm" variant="ghost" aria-label={`Send payment link to ${r.name}`} onClick={() => setLinking(r)}>
                      <Link2 size={14} aria-hidden /> Pay link
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" aria-label={`Message ${r.name}`} onClick={() => setMessaging(r)}>
                    <MessageSquareText size={14} aria-hidden /> Message
                  </Button>
                  <a
                    href={`tel:+91${r.phone.replace(/\D/g, '').slice(-10)}`}
                    aria-label={`Call ${r.name}`}
                    className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-medium text-fg hover:bg-subtle"
                    onClick={() => log.mutate({ member: r.member, kind: 'call' })}
                  >
                    <Phone size={14} aria-hidden /> Call
                  </a>
                  {wa && (
                    <a
                      href={wa}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`Open in WhatsApp: ${r.name}`}
                      className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-medium text-accent-text hover:bg-subtle"
                      onClick={() => log.mutate({ member: r.member, kind: 'whatsapp', note: 'Opened in WhatsApp' })}
                    >
                      <MessageCircle size={14} aria-hidden /> WhatsApp
                    </a>
                  )}
                </div>
              );
            },
          },
        ]}
        rowKey={(r) => `${r.kind}:${r.sale}`}
        searchPlaceholder="Search name, code or phone"
        empty={{ icon: CalendarClock, title: 'Nothing to do here', description: text.empty }}
      />
      {messaging && (
        <TodaysMessageDialog
          open
          onOpenChange={(o) => !o && setMessaging(null)}
          tab={tab}
          days={text.days ? Number(days) : undefined}
          centre={centre}
          member={messaging === 'all' ? undefined : { id: messaging.member, name: messaging.name }}
          title={messaging === 'all' ? `Message everyone: ${text.title.toLowerCase()}` : `Message ${messaging.name}`}
        />
      )}
      {linking && (
        <PaymentLinkDialog
          sales={[{ type: linking.kind, id: linking.sale, label: linking.item, due: linking.due }]}
          phone={linking.phone}
          open
          onOpenChange={(o) => !o && setLinking(null)}
        />
      )}
      {renewing && <RenewDialog member={renewing.member} memberName={renewing.name} open onOpenChange={(o) => !o && setRenewing(null)} />}
      {collecting && (
        <CollectPaymentDialog
          member={collecting.member}
          memberName={collecting.name}
          sale={`${collecting.kind}:${collecting.sale}`}
          open
          onOpenChange={(o) => !o && setCollecting(null)}
        />
      )}
    </div>
  );
}
