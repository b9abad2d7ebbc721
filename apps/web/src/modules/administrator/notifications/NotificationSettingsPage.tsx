import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_INFO,
  NOTIFICATION_RECIPIENT_LABELS,
  NOTIFICATION_RECIPIENTS,
  type NotificationChannel,
  type NotificationEventSetting,
  type NotificationRecipient,
  type NotificationSettings,
} from '@arena/contracts/notifications';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { MenuTabs } from '../../../components/MenuTabs';
import { PageHeader } from '../../../components/PageHeader';
import { Skeleton } from '../../../components/Skeleton';
import { PageQuery } from '../../../components/TileQuery';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../lib/useCan';
import type { ResolvedNode } from '../../../lib/web-module';
import { useNotificationSettings, useSaveNotificationSettings } from './api';

type Group = 'channels' | 'recipients';

function Check({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
      className="h-4 w-4 cursor-pointer rounded border-line-strong accent-[var(--color-accent)] disabled:cursor-not-allowed disabled:opacity-40"
    />
  );
}

const channelNote = (available: NotificationSettings['channels_available'], c: NotificationChannel) =>
  available[c] ? '' : 'needs Messaging';

function EventName({ row }: { row: NotificationEventSetting }) {
  const info = NOTIFICATION_EVENT_INFO[row.event];
  return (
    <span>
      <span className="font-medium">{info.label}</span>
      {!info.emitted && (
        <span className="block text-xs text-muted">
          {info.module === 'Store Management' ? 'Once the store exists' : 'Once CRM is set up'}
        </span>
      )}
    </span>
  );
}

function SettingsGrid({ settings }: { settings: NotificationSettings }) {
  const [rows, setRows] = useState(settings.events);
  const save = useSaveNotificationSettings();
  const canManage = useCan('Administrator Management', 'manage');
  const available = settings.channels_available;
  const dirty = JSON.stringify(rows) !== JSON.stringify(settings.events);
  const set = (event: string, group: Group, key: string, value: boolean) =>
    setRows((all) => all.map((r) => (r.event === event ? { ...r, [group]: { ...r[group], [key]: value } } : r)));
  const box = (r: NotificationEventSetting, group: Group, key: NotificationChannel | NotificationRecipient) => {
    const label =
      group === 'channels'
        ? NOTIFICATION_CHANNEL_LABELS[key as NotificationChannel]
        : NOTIFICATION_RECIPIENT_LABELS[key as NotificationRecipient];
    const on = (r[group] as Record<string, boolean>)[key];
    const blocked = group === 'channels' && !available[key as NotificationChannel];
    return (
      <Check
        label={`${NOTIFICATION_EVENT_INFO[r.event].label}: ${label}${blocked ? ' (needs Messaging)' : ''}`}
        checked={on}
        disabled={!canManage || (blocked && !on)}
        onChange={(v) => set(r.event, group, key, v)}
      />
    );
  };
  const submit = () =>
    save.mutate(
      { events: rows },
      {
        onSuccess: (data) => {
          setRows(data.events);
          notify.success('Notification settings saved');
        },
      },
    );
  return (
    <div className="space-y-4">
      {(!available.sms || !available.whatsapp) && (
        <Alert tone="info">
          SMS and WhatsApp need Messaging: until it is set up, those channels are skipped. In-app notifications and e-mail work now.
        </Alert>
      )}
      {save.error && <Alert>{errorMessage(save.error)}</Alert>}

      {/* Wide screens: one grid, events down, channels and recipients across. */}
      <Card className="hidden overflow-x-auto p-0 md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Notification settings</caption>
          <thead className="border-b border-line bg-subtle text-xs text-muted">
            <tr>
              <th rowSpan={2} scope="col" className="px-4 py-2 text-left font-medium">
                Event
              </th>
              <th
                colSpan={NOTIFICATION_CHANNELS.length}
                scope="colgroup"
                className="border-l border-line px-3 pt-2 text-center font-semibold uppercase tracking-wide"
              >
                Channels
              </th>
              <th
                colSpan={NOTIFICATION_RECIPIENTS.length}
                scope="colgroup"
                className="border-l border-line px-3 pt-2 text-center font-semibold uppercase tracking-wide"
              >
                Who receives it
              </th>
            </tr>
            <tr>
              {NOTIFICATION_CHANNELS.map((c, i) => (
                <th key={c} scope="col" className={`px-3 pb-2 pt-1 text-center font-medium ${i === 0 ? 'border-l border-line' : ''}`}>
                  {NOTIFICATION_CHANNEL_LABELS[c]}
                  {channelNote(available, c) && (
                    <span className="block text-[11px] font-normal text-muted">{channelNote(available, c)}</span>
                  )}
                </th>
              ))}
              {NOTIFICATION_RECIPIENTS.map((k, i) => (
                <th key={k} scope="col" className={`px-3 pb-2 pt-1 text-center font-medium ${i === 0 ? 'border-l border-line' : ''}`}>
                  {NOTIFICATION_RECIPIENT_LABELS[k]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.event} className="border-b border-line last:border-0">
                <th scope="row" className="px-4 py-2.5 text-left font-normal">
                  <EventName row={r} />
                </th>
                {NOTIFICATION_CHANNELS.map((c, i) => (
                  <td key={c} className={`px-3 py-2.5 text-center ${i === 0 ? 'border-l border-line' : ''}`}>
                    {box(r, 'channels', c)}
                  </td>
                ))}
                {NOTIFICATION_RECIPIENTS.map((k, i) => (
                  <td key={k} className={`px-3 py-2.5 text-center ${i === 0 ? 'border-l border-line' : ''}`}>
                    {box(r, 'recipients', k)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      {/* Phones: a card per event. */}
      <div className="space-y-3 md:hidden">
        {rows.map((r) => (
          <Card key={r.event} className="space-y-3 p-4">
            <EventName row={r} />
            {(['channels', 'recipients'] as const).map((group) => (
              <fieldset key={group}>
                <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
                  {group === 'channels' ? 'Channels' : 'Who receives it'}
                </legend>
                <div className="grid grid-cols-2 gap-x-3 gap-y-2">
                  {(group === 'channels' ? NOTIFICATION_CHANNELS : NOTIFICATION_RECIPIENTS).map((k) => (
                    <label key={k} className="flex items-center gap-2 text-sm">
                      {box(r, group, k)}
                      <span>
                        {group === 'channels'
                          ? NOTIFICATION_CHANNEL_LABELS[k as NotificationChannel]
                          : NOTIFICATION_RECIPIENT_LABELS[k as NotificationRecipient]}
                        {group === 'channels' && channelNote(available, k as NotificationChannel) && (
                          <span className="block text-[11px] text-muted">{channelNote(available, k as NotificationChannel)}</span>
                        )}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </Card>
        ))}
      </div>

      {canManage && (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" disabled={!dirty || save.isPending} onClick={() => setRows(settings.events)}>
            Discard
          </Button>
          <Button disabled={!dirty || save.isPending} onClick={submit}>
            {save.isPending ? 'Saving…' : 'Save Settings'}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Administrator › Notifications › Notification Settings: event × channel, and who receives each event. */
export function NotificationSettingsPage({ node }: { node: ResolvedNode }) {
  const query = useNotificationSettings();
  const header = (
    <>
      <PageHeader
        title="Notification Settings"
        description="For each event: the channels it goes by and who receives it. The owner; the users of the event's module (the booking desk for bookings); the staff assigned to it (an enquiry's)."
      />
      <MenuTabs node={node} />
    </>
  );
  return (
    <PageQuery query={query} header={header} skeleton={<Skeleton className="h-96 w-full" />}>
      {(settings) => (
        <div>
          {header}
          <SettingsGrid settings={settings} />
        </div>
      )}
    </PageQuery>
  );
}
