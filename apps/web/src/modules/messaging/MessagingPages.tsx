import {
  CHANNEL_LABELS,
  CHANNELS,
  MESSAGE_MODULE_LABELS,
  MESSAGE_MODULES,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  PLACEHOLDER_NAMES,
  SAMPLE_VALUES,
  placeholderError,
  renderTemplate,
  ruleInputSchema,
  settingsInputSchema,
  smsSegments,
  templateInputSchema,
  type Channel,
  type Message,
  type MessageModule,
  type MessageStatus,
  type Rule,
  type SendResult,
  type Template,
} from '@arena/contracts/messaging';
import { Coins, MessageSquareText, Plus, RotateCcw, Send, Settings2, Zap } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { actionsColumn, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { CheckboxField, NumberField, SelectField, TextareaField, TextField } from '../../components/form';
import { controlClass } from '../../components/form/Field';
import { FormDialog } from '../../components/FormDialog';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import type { ResolvedNode } from '../../lib/web-module';
import {
  fetchLogs,
  logsExport,
  messagingKeys,
  rules,
  searchPeople,
  templates,
  useAudiences,
  useCredits,
  useMessagingActions,
  useSettings,
  useTemplateChoices,
  useTriggers,
} from './api';
import { useAudienceOptions } from './audienceOptions';

type PageProps = { node: ResolvedNode; module: MessageModule };
const channelOptions = CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }));

// ---- the credit balance, "Add credits" and the provider settings ----

function CreditsBar({ module }: { module: MessageModule }) {
  const credits = useCredits();
  const [settings, setSettings] = useState(false);
  const admin = module === 'administrator';
  return (
    <Card className="mb-4 flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="flex items-center gap-3">
        <Coins size={20} aria-hidden className="text-accent-text" />
        <div>
          <p className="text-sm font-semibold" data-testid="credit-balance">
            {credits.data ? `${credits.data.balance} message credits` : 'Loading credits…'}
          </p>
          <p className="text-xs text-muted">{credits.data?.pricing}</p>
        </div>
      </div>
      {admin && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setSettings(true)}>
            <Settings2 size={16} aria-hidden /> Providers
          </Button>
          <Link to="/admin/subscription/manage" className={buttonClass('primary')}>
            <Plus size={16} aria-hidden /> Buy credits
          </Link>
        </div>
      )}
      {settings && <SettingsDialog onClose={() => setSettings(false)} />}
    </Card>
  );
}

function SettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useSettings(true);
  const { saveSettings } = useMessagingActions();
  if (!settings.data) return null;
  const s = settings.data;
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Messaging providers"
      description={
        <>
          Offline records messages as sent (nothing leaves Arena). Secrets are stored encrypted and shown only by their last four
          characters; leave one blank to keep it.
          <span className="mt-2 block">
            MSG91 delivery reports URL:{' '}
            <code className="break-all text-fg">{`${window.location.origin}/api/public/messaging/msg91/?token=${s.webhook_token}`}</code>
          </span>
          <span className="mt-1 block">
            WhatsApp webhook callback URL:{' '}
            <code className="break-all text-fg">{`${window.location.origin}/api/public/messaging/whatsapp/`}</code>, verify token{' '}
            <code className="break-all text-fg">{s.webhook_token}</code>
          </span>
        </>
      }
      schema={settingsInputSchema}
      size="lg"
      defaultValues={{
        sms_provider: s.sms_provider,
        msg91_sender_id: s.msg91_sender_id,
        msg91_dlt_entity_id: s.msg91_dlt_entity_id,
        whatsapp_provider: s.whatsapp_provider,
        whatsapp_phone_number_id: s.whatsapp_phone_number_id,
        email_provider: s.email_provider,
      }}
      onSubmit={async (v) => {
        await saveSettings.mutateAsync(v);
        notify.success('Messaging providers saved.');
        onClose();
      }}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={control}
            name="sms_provider"
            label="SMS"
            options={[
              { value: 'offline', label: 'Offline' },
              { value: 'msg91', label: 'MSG91 (DLT)' },
            ]}
          />
          <SelectField
            control={control}
            name="email_provider"
            label="E-mail"
            options={[
              { value: 'offline', label: 'Offline' },
              { value: 'smtp', label: 'SMTP (platform mailer)' },
            ]}
          />
          <TextField control={control} name="msg91_sender_id" label="MSG91 sender id" maxLength={6} />
          <TextField control={control} name="msg91_dlt_entity_id" label="DLT entity id" />
          <TextField control={control} name="msg91_auth_key" label="MSG91 auth key" placeholder={s.msg91_auth_key || 'Not set'} />
          <SelectField
            control={control}
            name="whatsapp_provider"
            label="WhatsApp"
            options={[
              { value: 'offline', label: 'Offline' },
              { value: 'cloud', label: 'WhatsApp Cloud API' },
            ]}
          />
          <TextField control={control} name="whatsapp_phone_number_id" label="Phone number id" />
          <TextField
            control={control}
            name="whatsapp_access_token"
            label="Access token"
            placeholder={s.whatsapp_access_token || 'Not set'}
          />
          <TextField
            control={control}
            name="whatsapp_app_secret"
            label="App secret (webhook signature)"
            placeholder={s.whatsapp_app_secret || 'Not set'}
          />
        </div>
      )}
    </FormDialog>
  );
}

// ---- templates ----

/** The body as it will read with the sample member, and its SMS parts. */
export function TemplatePreview({ channel, body, subject }: { channel: Channel; body: string; subject?: string }) {
  const text = renderTemplate(body ?? '', SAMPLE_VALUES);
  const length = smsSegments(text);
  const error = placeholderError(body ?? '');
  return (
    <div className="rounded-lg border border-line bg-subtle p-3 text-sm" aria-live="polite" data-testid="template-preview">
      <p className="mb-1 text-xs font-medium text-muted">Preview with a sample member</p>
      {subject ? <p className="font-medium">{renderTemplate(subject, SAMPLE_VALUES)}</p> : null}
      <p className="whitespace-pre-wrap break-words">{text || '—'}</p>
      <p className="mt-2 text-xs text-muted" data-testid="template-segments">
        {channel === 'sms'
          ? `${length.units} ${length.encoding === 'GSM-7' ? 'characters' : 'Unicode characters'} · ${length.encoding} · ${length.segments} SMS part${length.segments === 1 ? '' : 's'} (${length.perSegment} per part) · ${length.segments} credit${length.segments === 1 ? '' : 's'} each`
          : channel === 'whatsapp'
            ? '1 credit per message'
            : 'E-mail is free'}
      </p>
      {error && <p className="mt-1 text-xs text-danger-text">{error}</p>}
    </div>
  );
}

function TemplateFields({ control, module }: { control: never; module: MessageModule }) {
  const [channel, body, subject] = useWatch({ control, name: ['channel', 'body', 'subject'] as never }) as [Channel, string, string];
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField control={control} name="channel" label="Channel" required options={channelOptions} />
        <TextField control={control} name="name" label="Name" required maxLength={100} className="sm:col-span-2" />
      </div>
      {module === 'administrator' && (
        <SelectField
          control={control}
          name="module"
          label="Shown in"
          options={MESSAGE_MODULES.map((m) => ({ value: m, label: MESSAGE_MODULE_LABELS[m] }))}
        />
      )}
      {channel === 'email' && <TextField control={control} name="subject" label="Subject" required maxLength={200} />}
      <TextareaField control={control} name="body" label="Message" required rows={4} maxLength={2000} />
      <p className="-mt-2 text-xs text-muted">Placeholders: {PLACEHOLDER_NAMES.map((p) => `{${p}}`).join(' ')}</p>
      <TemplatePreview channel={channel} body={body} subject={channel === 'email' ? subject : undefined} />
      {channel === 'sms' && <TextField control={control} name="dlt_template_id" label="DLT template id (MSG91)" />}
      {channel === 'whatsapp' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={control} name="whatsapp_template_name" label="Approved template name (Cloud API)" />
          <TextField control={control} name="whatsapp_language" label="Language" placeholder="en" />
        </div>
      )}
      <CheckboxField control={control} name="is_active" label="Active" />
    </div>
  );
}

function TemplatesTable({ module }: { module: MessageModule }) {
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const [channel, setChannel] = useState('');
  const { create, update } = templates.useMutations();
  const t = editing && editing !== 'new' ? editing : null;
  return (
    <>
      <DataTable
        title="Message templates"
        queryKey={messagingKeys.templates}
        fetchPage={templates.fetchPage}
        exportPath={templates.exportFrom}
        rowKey={(r) => r.id}
        scope={{ module: module === 'administrator' ? undefined : module }}
        filters={{ channel: channel || undefined }}
        filterControls={<FilterSelect label="Channel" value={channel} onChange={setChannel} options={channelOptions} />}
        onClearFilters={() => setChannel('')}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus size={16} aria-hidden /> Add template
          </Button>
        }
        columns={[
          {
            id: 'name',
            header: 'Template',
            sortKey: 'name',
            mobile: 'title',
            cell: (r) => (
              <span className="block min-w-[12rem]">
                <span className="block font-medium">{r.name}</span>
                <span className="line-clamp-2 block text-xs text-muted">{r.body}</span>
              </span>
            ),
          },
          {
            id: 'channel',
            header: 'Channel',
            sortKey: 'channel',
            mobile: 'badge',
            cell: (r) => <Badge tone="info">{CHANNEL_LABELS[r.channel]}</Badge>,
          },
          { id: 'module', header: 'Shown in', mobile: 'meta', cell: (r) => MESSAGE_MODULE_LABELS[r.module] },
          { id: 'segments', header: 'SMS parts', align: 'right', mobile: false, cell: (r) => (r.channel === 'sms' ? r.segments : '—') },
          statusColumn<Template>(),
          actionsColumn<Template>((r) => (
            <Button size="sm" variant="ghost" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r)}>
              Edit
            </Button>
          )),
        ]}
        empty={{
          icon: MessageSquareText,
          title: 'No templates yet',
          description: 'Add the messages you send: renewal reminders, birthday wishes, booking confirmations.',
        }}
      />
      {editing && (
        <FormDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={t ? `Edit ${t.name}` : 'Add template'}
          size="lg"
          schema={templateInputSchema}
          defaultValues={
            t
              ? {
                  channel: t.channel,
                  name: t.name,
                  module: t.module,
                  subject: t.subject,
                  body: t.body,
                  dlt_template_id: t.dlt_template_id,
                  whatsapp_template_name: t.whatsapp_template_name,
                  whatsapp_language: t.whatsapp_language,
                  is_active: t.is_active,
                }
              : {
                  channel: 'sms',
                  name: '',
                  module,
                  subject: '',
                  body: '',
                  dlt_template_id: '',
                  whatsapp_template_name: '',
                  whatsapp_language: '',
                  is_active: true,
                }
          }
          submitLabel={t ? 'Save' : 'Add template'}
          onSubmit={async (v) => {
            if (t) await update.mutateAsync({ id: t.id, input: v });
            else await create.mutateAsync(v);
            notify.success(`Template ${v.name} saved.`);
            setEditing(null);
          }}
        >
          {({ control }) => <TemplateFields control={control as never} module={module} />}
        </FormDialog>
      )}
    </>
  );
}

// ---- manual send ----

type Person = { kind: string; id: number; title: string; subtitle: string };

const PARAM_NOUNS = { plan: 'plan', batch: 'batch', contact_group: 'contact group' } as const;

/**
 * The plan, batch or contact group an audience needs, chosen by name from what its module offers
 * (`audience-options/`: at most 500, by name).
 */
function AudienceParamField({
  audience,
  param,
  value,
  onChange,
}: {
  audience: string;
  param: keyof typeof PARAM_NOUNS;
  value: string;
  onChange: (value: string) => void;
}) {
  const choices = useAudienceOptions(audience);
  const noun = PARAM_NOUNS[param];
  return (
    <SelectField
      label={noun[0].toUpperCase() + noun.slice(1)}
      required
      value={value}
      onChange={onChange}
      placeholder={`Choose a ${noun}`}
      options={(choices.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      loading={choices.isPending}
      hint={
        choices.isError
          ? `The ${noun}s could not be loaded: ${errorMessage(choices.error)}`
          : choices.data?.length === 0
            ? `There is no ${noun} yet.`
            : undefined
      }
    />
  );
}

function Field({ label, children, id }: { label: string; id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

function SendCard({ module }: { module: MessageModule }) {
  const [channel, setChannel] = useState<Channel>('sms');
  const [template, setTemplate] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [audience, setAudience] = useState('');
  const [param, setParam] = useState('');
  const [promotional, setPromotional] = useState(false);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Person[]>([]);
  const [chosen, setChosen] = useState<Person[]>([]);
  const [preview, setPreview] = useState<SendResult | null>(null);
  const templatesOf = useTemplateChoices(module, channel);
  const audiences = useAudiences(module);
  const { send, whatsappLink } = useMessagingActions();
  const current = audiences.data?.results.find((a) => a.key === audience);
  const missingParam = !!current?.param && current.param !== 'ids' && !param;
  const body = () => ({
    channel,
    module,
    template: template ? Number(template) : null,
    subject,
    text,
    audience,
    param: param ? Number(param) : null,
    ids: current?.param === 'ids' ? chosen.filter((p) => p.kind === current.kind).map((p) => p.id) : [],
    promotional,
  });
  const reset = () => setPreview(null);
  const run = async (dry: boolean) => {
    try {
      const r = await send.mutateAsync({ ...body(), preview: dry });
      if (dry) setPreview(r);
      else {
        notify.success(r.detail);
        setPreview(null);
      }
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const find = async () => {
    if (query.trim().length < 2) return;
    try {
      setFound(await searchPeople(query.trim()));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const openWhatsapp = async () => {
    const person = chosen[0];
    if (!person) return;
    try {
      const r = await whatsappLink.mutateAsync({
        module,
        template: template ? Number(template) : null,
        text,
        recipient: { kind: person.kind, id: person.id },
      });
      window.open(r.link, '_blank', 'noopener');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const selected = templatesOf.data?.find((t) => String(t.id) === template);
  return (
    <Card className="mb-6 p-4" role="region" aria-labelledby="msg-send-heading">
      <h2 id="msg-send-heading" className="mb-3 flex items-center gap-2 text-base font-semibold">
        <Send size={18} aria-hidden /> Send a message
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="grid gap-4">
          <Field label="Channel" id="msg-channel">
            <select
              id="msg-channel"
              className={controlClass()}
              value={channel}
              onChange={(e) => (setChannel(e.target.value as Channel), setTemplate(''), reset())}
            >
              {channelOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Template" id="msg-template">
            <select id="msg-template" className={controlClass()} value={template} onChange={(e) => (setTemplate(e.target.value), reset())}>
              <option value="">{channel === 'email' ? 'Write the e-mail below' : 'Choose a template'}</option>
              {(templatesOf.data ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </Field>
          {channel === 'email' && !template && (
            <>
              <Field label="Subject" id="msg-subject">
                <input
                  id="msg-subject"
                  className={controlClass()}
                  value={subject}
                  maxLength={200}
                  onChange={(e) => (setSubject(e.target.value), reset())}
                />
              </Field>
              <Field label="Message" id="msg-text">
                <textarea
                  id="msg-text"
                  className={controlClass()}
                  rows={4}
                  value={text}
                  maxLength={2000}
                  onChange={(e) => (setText(e.target.value), reset())}
                />
              </Field>
            </>
          )}
          {(selected || text) && <TemplatePreview channel={channel} body={selected?.body ?? text} subject={selected?.subject || subject} />}
        </div>
        <div className="grid content-start gap-4">
          <Field label="To" id="msg-audience">
            <select
              id="msg-audience"
              className={controlClass()}
              value={audience}
              onChange={(e) => (setAudience(e.target.value), setParam(''), reset())}
            >
              <option value="">Choose who receives it</option>
              {(audiences.data?.results ?? []).map((a) => (
                <option key={a.key} value={a.key}>
                  {a.label}
                </option>
              ))}
            </select>
          </Field>
          {current?.param && current.param !== 'ids' && (
            <AudienceParamField audience={current.key} param={current.param} value={param} onChange={(v) => (setParam(v), reset())} />
          )}
          {current?.param === 'ids' && (
            <div>
              <Field label="Find people (name, phone or code)" id="msg-find">
                <div className="flex gap-2">
                  <input
                    id="msg-find"
                    className={controlClass()}
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                    onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void find())}
                  />
                  <Button variant="secondary" onClick={() => void find()}>
                    Find
                  </Button>
                </div>
              </Field>
              {found.length > 0 && (
                <ul className="mt-2 divide-y divide-line rounded-lg border border-line" aria-label="People found">
                  {found.map((p) => (
                    <li key={`${p.kind}${p.id}`} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                      <span>
                        <span className="block font-medium">{p.title}</span>
                        <span className="block text-xs text-muted">{p.subtitle}</span>
                      </span>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Add ${p.title}`}
                        onClick={() => (setChosen((c) => (c.some((x) => x.kind === p.kind && x.id === p.id) ? c : [...c, p])), reset())}
                      >
                        Add
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              {chosen.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-2" aria-label="Recipients">
                  {chosen.map((p) => (
                    <button
                      key={`${p.kind}${p.id}`}
                      type="button"
                      className="rounded-full bg-accent-soft px-3 py-1 text-xs text-accent-text"
                      aria-label={`Remove ${p.title}`}
                      onClick={() => (setChosen((c) => c.filter((x) => x !== p)), reset())}
                    >
                      {p.title} ×
                    </button>
                  ))}
                </div>
              )}
            </div>
          )}
          {channel === 'sms' && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={promotional} onChange={(e) => (setPromotional(e.target.checked), reset())} /> Promotional
              (sent only 10:00–21:00)
            </label>
          )}
          {preview && (
            <p className="rounded-lg bg-subtle p-3 text-sm" data-testid="send-preview">
              {preview.detail}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void run(true)} disabled={!audience || missingParam || send.isPending}>
              Preview count and credits
            </Button>
            <Button onClick={() => void run(false)} disabled={!audience || missingParam || !preview || send.isPending}>
              <Send size={16} aria-hidden /> Send
            </Button>
            {channel === 'whatsapp' && current?.param === 'ids' && chosen.length === 1 && (
              <Button variant="secondary" onClick={() => void openWhatsapp()}>
                Open in WhatsApp
              </Button>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}

/** Messaging › Manual: the credits, a send (template or e-mail text to a person, a selection or an audience) and the templates. */
export function ManualMessagingPage({ node, module }: PageProps) {
  return (
    <div>
      <PageHeader
        title="Messaging"
        description="Send SMS, WhatsApp and e-mail from templates; see the count and the credits before sending."
      />
      <MenuTabs node={node} />
      <CreditsBar module={module} />
      <SendCard module={module} />
      <TemplatesTable module={module} />
    </div>
  );
}

/** A module's Message Template screen (CRM › Message Template): the module's templates, with the credits. */
export function TemplatesPage({ module, title, description }: { module: MessageModule; title: string; description: string }) {
  return (
    <div>
      <PageHeader title={title} description={description} />
      <CreditsBar module={module} />
      <TemplatesTable module={module} />
    </div>
  );
}

// ---- automatic rules ----

/** Messaging › Auto: rules with a trigger (welcome, birthday, expiring …), a template and an offset, switched on or off. */
export function AutoMessagingPage({ node, module }: PageProps) {
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const triggers = useTriggers(module);
  const { create, update } = rules.useMutations();
  const [channel, setChannel] = useState<Channel>('sms');
  const choices = useTemplateChoices(module, channel);
  const r = editing && editing !== 'new' ? editing : null;
  const columns: Column<Rule>[] = [
    {
      id: 'trigger',
      header: 'Trigger',
      sortKey: 'trigger',
      mobile: 'title',
      cell: (x) => (
        <span className="font-medium">
          {x.trigger_label}
          {x.offset ? ` (${x.offset})` : ''}
        </span>
      ),
    },
    { id: 'template', header: 'Template', mobile: 'meta', cell: (x) => `${x.template_name} · ${CHANNEL_LABELS[x.channel]}` },
    { id: 'sent', header: 'Sent', align: 'right', mobile: false, cell: (x) => x.sent_count },
    { id: 'last', header: 'Last run', mobile: false, cell: (x) => (x.last_run_at ? formatDateTime(x.last_run_at) : '—') },
    statusColumn<Rule>(),
    actionsColumn((x) => (
      <>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${x.is_active ? 'Switch off' : 'Switch on'} ${x.trigger_label}`}
          onClick={() =>
            void update.mutateAsync({ id: x.id, input: { is_active: !x.is_active } }).catch((e: unknown) => notify.error(errorMessage(e)))
          }
        >
          {x.is_active ? 'Switch off' : 'Switch on'}
        </Button>
        <Button size="sm" variant="ghost" aria-label={`Edit ${x.trigger_label}`} onClick={() => (setChannel(x.channel), setEditing(x))}>
          Edit
        </Button>
      </>
    )),
  ];
  return (
    <div>
      <PageHeader
        title="Automatic messages"
        description="Each person gets a rule's message once per event (a birthday, an expiry), in your time zone; rules run every 15 minutes."
      />
      <MenuTabs node={node} />
      <DataTable
        title="Automatic message rules"
        queryKey={messagingKeys.rules}
        fetchPage={rules.fetchPage}
        exportPath={rules.exportFrom}
        rowKey={(x) => x.id}
        scope={{ module: module === 'administrator' ? undefined : module }}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus size={16} aria-hidden /> Add rule
          </Button>
        }
        columns={columns}
        empty={{
          icon: Zap,
          title: 'No automatic messages yet',
          description: 'Add a rule: a trigger such as "Membership expiring in N days" and a template.',
        }}
      />
      {editing && (
        <FormDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={r ? `Edit ${r.trigger_label}` : 'Add automatic message'}
          schema={ruleInputSchema}
          defaultValues={
            r
              ? { trigger: r.trigger, template: r.template, offset: r.offset, is_active: r.is_active }
              : { trigger: '', offset: 0, is_active: true }
          }
          onSubmit={async (v) => {
            if (r) await update.mutateAsync({ id: r.id, input: v });
            else await create.mutateAsync(v);
            notify.success('Rule saved.');
            setEditing(null);
          }}
        >
          {({ control }) => (
            <div className="grid gap-4">
              <SelectField
                control={control}
                name="trigger"
                label="Trigger"
                required
                options={(triggers.data?.results ?? []).map((x) => ({ value: x.key, label: x.label }))}
              />
              <Field label="Channel of the template" id="rule-channel">
                <select
                  id="rule-channel"
                  className={controlClass()}
                  value={channel}
                  onChange={(e) => setChannel(e.target.value as Channel)}
                >
                  {channelOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </Field>
              <SelectField
                control={control}
                name="template"
                label="Template"
                required
                options={(choices.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
              />
              <NumberField control={control} name="offset" label="Offset (days, or hours for a booking reminder)" />
              <CheckboxField control={control} name="is_active" label="Switched on" />
            </div>
          )}
        </FormDialog>
      )}
    </div>
  );
}

// ---- delivery log ----

const STATUS_TONES: Record<MessageStatus, 'success' | 'neutral' | 'danger' | 'info'> = {
  queued: 'neutral',
  sending: 'info',
  sent: 'info',
  delivered: 'success',
  failed: 'danger',
  skipped: 'neutral',
};
export const MessageStatusBadge = ({ status }: { status: MessageStatus }) => (
  <Badge tone={STATUS_TONES[status]}>{MESSAGE_STATUS_LABELS[status]}</Badge>
);

/** Messaging › Logs: every message with its status, provider id, error and credits; Retry for a failed one. */
export function MessagingLogsPage({ node, module }: PageProps) {
  const [channel, setChannel] = useState('');
  const [status, setStatus] = useState('');
  const { retry } = useMessagingActions();
  const columns: Column<Message>[] = [
    {
      id: 'created',
      header: 'When',
      sortKey: 'created_at',
      mobile: 'meta',
      cell: (m) => <span className="tabular whitespace-nowrap">{formatDateTime(m.created_at)}</span>,
    },
    {
      id: 'recipient',
      header: 'Recipient',
      sortKey: 'recipient_name',
      mobile: 'title',
      cell: (m) => (
        <span className="block min-w-[10rem]">
          <span className="block font-medium">{m.recipient_name || '—'}</span>
          <span className="block text-xs text-muted tabular">{m.address || 'no address'}</span>
        </span>
      ),
    },
    { id: 'channel', header: 'Channel', mobile: false, cell: (m) => CHANNEL_LABELS[m.channel] },
    {
      id: 'text',
      header: 'Message',
      mobile: false,
      cell: (m) => (
        <span className="block max-w-[28rem]">
          <span className="line-clamp-2 block text-sm">{m.text}</span>
          {m.error && <span className="block text-xs text-danger-text">{m.error}</span>}
        </span>
      ),
    },
    { id: 'status', header: 'Status', sortKey: 'status', mobile: 'badge', cell: (m) => <MessageStatusBadge status={m.status} /> },
    { id: 'credits', header: 'Credits', align: 'right', mobile: false, cell: (m) => m.credits },
    actionsColumn((m) =>
      m.status === 'failed' ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Retry message to ${m.recipient_name}`}
          onClick={() =>
            void retry
              .mutateAsync(m.id)
              .then(() => notify.success('Queued again.'))
              .catch((e: unknown) => notify.error(errorMessage(e)))
          }
        >
          <RotateCcw size={15} aria-hidden /> Retry
        </Button>
      ) : null,
    ),
  ];
  return (
    <div>
      <PageHeader
        title="Messaging logs"
        description="Every message: queued, sent, delivered, failed or skipped (opted out, no phone or e-mail)."
      />
      <MenuTabs node={node} />
      <DataTable
        title="Delivery log"
        queryKey={messagingKeys.logs}
        fetchPage={fetchLogs}
        exportPath={logsExport}
        rowKey={(m) => m.id}
        searchPlaceholder="Search name, phone or text"
        scope={{ module: module === 'administrator' ? undefined : module }}
        filters={{ channel: channel || undefined, status: status || undefined }}
        filterControls={
          <>
            <FilterSelect label="Channel" value={channel} onChange={setChannel} options={channelOptions} />
            <FilterSelect
              label="Status"
              value={status}
              onChange={setStatus}
              options={MESSAGE_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS_LABELS[s] }))}
            />
          </>
        }
        onClearFilters={() => (setChannel(''), setStatus(''))}
        columns={columns}
        empty={{
          icon: MessageSquareText,
          title: 'No messages yet',
          description: 'Messages you send and automatic ones appear here with their delivery status.',
        }}
      />
    </div>
  );
}
