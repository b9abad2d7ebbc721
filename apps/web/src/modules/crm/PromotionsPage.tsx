import { CHANNEL_LABELS, type Channel } from '@arena/contracts/messaging';
import { promotionEndpoints } from '@arena/contracts/crm/routes';
import { PROMOTION_STATUS_LABELS, type Promotion, type PromotionInput } from '@arena/contracts/crm';
import { z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { Megaphone, Plus, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { CheckboxField, DateField, SelectField, TextField, TimeField } from '../../components/form';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { countOf, formatCount, formatDateTime } from '../../lib/format';
import { requestSchema } from '../../lib/form';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { CHANNEL_OPTIONS, ChannelTemplateFields, ReachPanel } from '../messaging/public';
import { crmKeys, fetchPromotions, promotionsExport, useAudienceOptions, usePromotionAudiences, usePromotionMutations } from './api';

const STATUS_TONE = { scheduled: 'info', sent: 'success', failed: 'danger', cancelled: 'neutral' } as const;
const STATUS_OPTIONS = Object.entries(PROMOTION_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** CRM › Promotions: a template on a channel to an audience or a contact group, now or at a time; what became of each message. */
export function PromotionsPage() {
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<Promotion | null>(null);
  const [status, setStatus] = useState('');
  const [channel, setChannel] = useState('');
  const { cancel } = usePromotionMutations();

  return (
    <div>
      <PageHeader
        title="Promotions"
        description="Send an offer or an announcement to a contact group, your active or expired members, a plan's or a batch's members, open enquiries or booking clients — now or at a time you choose. Promotional SMS go out between 10:00 and 21:00."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus size={16} aria-hidden /> New Promotion
          </Button>
        }
      />
      <DataTable<Promotion>
        title="Promotions"
        queryKey={[...crmKeys.promotions, 'list']}
        fetchPage={fetchPromotions}
        exportPath={promotionsExport}
        filters={{ status: status || undefined, channel: channel || undefined }}
        filterControls={
          <>
            <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} allLabel="Any status" />
            <FilterSelect label="Channel" value={channel} onChange={setChannel} options={CHANNEL_OPTIONS} allLabel="Any channel" />
          </>
        }
        onClearFilters={() => {
          setStatus('');
          setChannel('');
        }}
        searchPlaceholder="Search name or template"
        rowKey={(p) => p.id}
        columns={[
          {
            id: 'name',
            header: 'Promotion',
            sortKey: 'name',
            mobile: 'title',
            alwaysVisible: true,
            cell: (p) => (
              <div className="min-w-[160px]">
                <div className="font-medium">{p.name}</div>
                <div className="text-xs text-muted">
                  {CHANNEL_LABELS[p.channel]} · {p.template_name}
                </div>
              </div>
            ),
          },
          {
            id: 'audience',
            header: 'Audience',
            mobile: 'subtitle',
            cell: (p) => (p.param_label ? `${p.audience_label}: ${p.param_label}` : p.audience_label),
          },
          {
            id: 'status',
            header: 'Status',
            mobile: 'badge',
            cell: (p) => (
              <div>
                <Badge tone={STATUS_TONE[p.status]}>{PROMOTION_STATUS_LABELS[p.status]}</Badge>
                <div className="mt-1 whitespace-nowrap text-xs text-muted tabular">
                  {p.status === 'sent' && p.sent_at
                    ? formatDateTime(p.sent_at)
                    : p.scheduled_at
                      ? `${p.status === 'scheduled' ? 'Goes ' : 'Was due '}${formatDateTime(p.scheduled_at)}`
                      : ''}
                </div>
                {p.error && <div className="mt-1 max-w-[260px] text-xs text-danger-text">{p.error}</div>}
              </div>
            ),
          },
          {
            id: 'reach',
            header: 'Messages',
            mobile: 'meta',
            cell: (p) => (p.status === 'sent' ? <Reach p={p} /> : <span className="text-muted">—</span>),
          },
          {
            id: 'credits',
            header: 'Credits',
            align: 'right',
            mobile: false,
            cell: (p) => <span className="tabular">{formatCount(p.credits)}</span>,
          },
          {
            id: 'actions',
            header: 'Actions',
            align: 'right',
            mobile: 'actions',
            alwaysVisible: true,
            cell: (p) => (
              <div className="flex justify-end gap-1">
                {p.status === 'sent' && (
                  <Link
                    className="rounded-md px-2 py-1 text-sm text-accent-text hover:bg-accent-soft"
                    to="/admin/messaging/logs"
                    aria-label={`Messages of ${p.name}`}
                  >
                    Log
                  </Link>
                )}
                {p.status === 'scheduled' && (
                  <Button size="sm" variant="ghost" aria-label={`Cancel ${p.name}`} onClick={() => setCancelling(p)}>
                    <XCircle size={14} aria-hidden /> Cancel
                  </Button>
                )}
              </div>
            ),
          },
        ]}
        empty={{
          icon: Megaphone,
          title: 'No promotions yet',
          description: 'Send a festival offer to your expired members, or a new batch to a contact group.',
          action: (
            <Button onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden /> New Promotion
            </Button>
          ),
        }}
      />
      <PromotionForm open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(o) => !o && setCancelling(null)}
        title={`Cancel ${cancelling?.name ?? ''}?`}
        confirmLabel="Cancel promotion"
        tone="danger"
        onConfirm={async () => {
          if (!cancelling) return;
          try {
            await cancel.mutateAsync(cancelling.id);
            notify.success(`${cancelling.name} is cancelled.`);
          } catch (e) {
            notify.error(errorMessage(e));
          }
          setCancelling(null);
        }}
      >
        It will not be sent. Nothing has been spent on it yet.
      </ConfirmDialog>
    </div>
  );
}

/** What became of a sent promotion's messages. */
function Reach({ p }: { p: Promotion }) {
  const c = p.counts;
  const parts = [
    c.delivered && `${formatCount(c.delivered)} delivered`,
    c.sent && `${formatCount(c.sent)} sent`,
    c.queued && `${formatCount(c.queued)} queued`,
    c.failed && `${formatCount(c.failed)} failed`,
    c.skipped && `${formatCount(c.skipped)} skipped`,
  ].filter(Boolean);
  return (
    <div className="min-w-[140px]">
      <div className="tabular">{countOf(p.recipients, 'person', 'people')}</div>
      <div className="text-xs text-muted">{parts.join(' · ') || 'nothing to send'}</div>
    </div>
  );
}

const fields = z.object({
  name: z.string(),
  channel: z.string(),
  template: z.string(),
  audience: z.string(),
  param: z.string(),
  later: z.boolean(),
  date: z.string(),
  time: z.string(),
});
type Fields = z.infer<typeof fields>;

/** The form as the API's input: ids from select text, a local date and time as an instant. */
const toInput = (v: Fields): PromotionInput => ({
  name: v.name,
  channel: v.channel as Channel,
  template: Number(v.template),
  audience: v.audience,
  param: v.param ? Number(v.param) : null,
  scheduled_at: v.later && v.date && v.time ? new Date(`${v.date}T${v.time}:00`).toISOString() : null,
});

const formSchema = requestSchema(fields, z.any(), (v, issue) => {
  if (!v.template) issue('template', 'Choose a template.');
  if (!v.audience) issue('audience', 'Choose who receives it.');
  if (v.later && !v.date) issue('date', 'Choose the day.');
  if (v.later && !v.time) issue('time', 'Choose the time.');
  return toInput(v);
});

function PromotionForm({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { create } = usePromotionMutations();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Promotion"
      size="lg"
      schema={formSchema}
      defaultValues={{ name: '', channel: 'sms', template: '', audience: '', param: '', later: false, date: todayIso(), time: '10:00' }}
      submitLabel="Send"
      pendingLabel="Sending…"
      onSubmit={async (input: PromotionInput) => {
        const made = await create.mutateAsync(input);
        notify.success(
          made.status === 'scheduled'
            ? `${made.name} is scheduled for ${formatDateTime(made.scheduled_at!)}.`
            : `${made.name} went to ${countOf(made.recipients, 'person', 'people')}.`,
        );
      }}
    >
      {({ control }) => <PromotionFields control={control as unknown as Control<Fields>} />}
    </FormDialog>
  );
}

function PromotionFields({ control }: { control: Control<Fields> }) {
  const [channel, template, audience, param, later, date, time] = useWatch({
    control,
    name: ['channel', 'template', 'audience', 'param', 'later', 'date', 'time'],
  });
  const audiences = usePromotionAudiences();
  const chosen = audiences.data?.find((a) => a.key === audience);
  // The plans, batches or contact groups the audience may name, from the module that owns it.
  const params = useAudienceOptions(chosen?.param ? chosen.key : '');
  const preview = usePromotionPreview(
    template && audience && (!chosen?.param || param)
      ? toInput({ name: 'Preview', channel, template, audience, param, later: false, date, time })
      : null,
  );
  const noun = chosen?.param === 'plan' ? 'Plan' : chosen?.param === 'batch' ? 'Batch' : 'Contact group';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        control={control}
        name="name"
        label="Name"
        required
        maxLength={120}
        placeholder="e.g. Diwali offer"
        className="sm:col-span-2"
      />
      <ChannelTemplateFields
        control={control as unknown as Control<{ channel: string; template: string }>}
        channel={channel}
        module="crm"
      />
      <SelectField
        control={control}
        name="audience"
        label="Send to"
        required
        placeholder="Select audience"
        options={(audiences.data ?? []).map((a) => ({ value: a.key, label: a.label }))}
        loading={audiences.isPending}
      />
      {chosen?.param ? (
        <SelectField
          control={control}
          name="param"
          label={noun}
          required
          placeholder={`Select ${noun.toLowerCase()}`}
          options={params.data ?? []}
          loading={params.isPending}
        />
      ) : (
        <div aria-hidden />
      )}
      <CheckboxField
        control={control}
        name="later"
        label="Send later"
        description="Choose a day and time up to 90 days ahead; it goes out then."
        className="sm:col-span-2"
      />
      {later && (
        <>
          <DateField control={control} name="date" label="Day" required min={todayIso()} />
          <TimeField control={control} name="time" label="Time" required />
        </>
      )}
      <ReachPanel preview={preview.data} pending={preview.isFetching} error={preview.error} channel={channel} later={later} />
    </div>
  );
}

function usePromotionPreview(input: PromotionInput | null) {
  const [debounced, setDebounced] = useState(input);
  const key = JSON.stringify(input);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(input), 300);
    return () => clearTimeout(id);
  }, [key]);
  return useQuery({
    queryKey: ['crm', 'promotion', 'preview', JSON.stringify(debounced)],
    queryFn: () => call(promotionEndpoints.preview, { body: debounced! }),
    enabled: debounced !== null,
    retry: false,
  });
}
