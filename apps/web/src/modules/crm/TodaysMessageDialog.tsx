import type { TodaysActionTab, TodaysMessageInput } from '@arena/contracts/crm';
import { todaysMessageEndpoint } from '@arena/contracts/crm/routes';
import type { Channel } from '@arena/contracts/messaging';
import { z } from '@arena/contracts/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch, type Control } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { call } from '../../lib/api';
import { requestSchema } from '../../lib/form';
import { notify } from '../../lib/notify';
import { ChannelTemplateFields, ReachPanel } from '../messaging/public';
import { crmKeys } from './api';

const fields = z.object({ channel: z.string(), template: z.string() });
type Fields = z.infer<typeof fields>;

/**
 * Today's actions › Message: a CRM template to everyone on the tab in its window (or to one
 * member), sent through the messaging engine; the dialog shows how many it reaches, who is
 * skipped and the credits before anything goes, and each person gets a "message" contact.
 */
export function TodaysMessageDialog({
  open,
  onOpenChange,
  tab,
  days,
  centre,
  member,
  title,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  tab: TodaysActionTab;
  days?: number;
  centre: string;
  /** One member of the tab (a row's Message); everyone on the tab when left out. */
  member?: { id: number; name: string };
  title: string;
}) {
  const queryClient = useQueryClient();
  const base = { tab, days, centre: centre ? Number(centre) : null, members: member ? [member.id] : [] };
  const send = useMutation({
    mutationFn: (input: TodaysMessageInput) => call(todaysMessageEndpoint, { body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: crmKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['messaging'] });
    },
  });
  const schema = requestSchema(fields, z.any(), (v, issue) => {
    if (!v.template) issue('template', 'Choose a template.');
    return { ...base, channel: v.channel as Channel, template: Number(v.template) };
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      schema={schema}
      defaultValues={{ channel: 'sms', template: '' }}
      submitLabel="Send"
      pendingLabel="Sending…"
      onSubmit={async (input: TodaysMessageInput) => {
        const r = await send.mutateAsync(input);
        notify.success(r.detail);
      }}
    >
      {({ control }) => <MessageFields control={control as unknown as Control<Fields>} base={base} />}
    </FormDialog>
  );
}

function MessageFields({ control, base }: { control: Control<Fields>; base: Omit<TodaysMessageInput, 'channel' | 'template'> }) {
  const [channel, template] = useWatch({ control, name: ['channel', 'template'] });
  const preview = useQuery({
    queryKey: ['crm', 'todays-message', 'preview', JSON.stringify(base), channel, template],
    queryFn: () =>
      call(todaysMessageEndpoint, { body: { ...base, channel: channel as Channel, template: Number(template), preview: true } }),
    enabled: !!template,
    retry: false,
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChannelTemplateFields
        control={control as unknown as Control<{ channel: string; template: string }>}
        channel={channel}
        module="crm"
      />
      <ReachPanel preview={preview.data} pending={preview.isFetching} error={preview.error} channel={channel} />
    </div>
  );
}
