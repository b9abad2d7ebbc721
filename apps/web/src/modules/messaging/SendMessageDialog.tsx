import { sendInputSchema, type Channel, type MessageModule, type SendInput } from '@arena/contracts/messaging';
import { z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type Control } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { TextareaField, TextField } from '../../components/form';
import { call } from '../../lib/api';
import { requestSchema } from '../../lib/form';
import { notify } from '../../lib/notify';
import { messagingEndpoints as e } from '@arena/contracts/messaging/routes';
import { ChannelTemplateFields } from './ChannelTemplateFields';
import { MessageAction } from './MessageAction';
import { ReachPanel } from './ReachPanel';
import { useMessagingActions } from './api';

/** A send's form: the channel, a template, or an e-mail's subject and text (SendToPersonDialog's too). */
export const messageFormFields = z.object({ channel: z.string(), template: z.string(), subject: z.string(), text: z.string() });
export type MessageFormFields = z.infer<typeof messageFormFields>;
type Fields = MessageFormFields;
const fields = messageFormFields;

export interface MessageRecipient {
  kind: 'member' | 'client';
  id: number;
  name: string;
}

/**
 * A person's (or a selection's) Message: a template of the module on a channel — or, for an
 * e-mail, a subject and text — sent through the messaging engine. Before anything goes it shows
 * how many it reaches, who is skipped (opted out, no phone or e-mail) and the credits; for one
 * person on WhatsApp it also offers "Open in WhatsApp" (the desk's own phone, logged as sent by
 * hand), which is how a centre without a WhatsApp Business account messages.
 */
export function SendMessageDialog({
  open,
  onOpenChange,
  module,
  audience,
  recipients,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  module: MessageModule;
  /** The module's audience of chosen people (membership's `members`, booking's `clients`). */
  audience: string;
  /** All of the audience's kind. */
  recipients: MessageRecipient[];
}) {
  const { send } = useMessagingActions();
  const base = { module, audience, ids: recipients.map((r) => r.id) };
  const schema = requestSchema(fields, sendInputSchema, (v) => bodyOf(base, v));
  const title = recipients.length === 1 ? `Message ${recipients[0].name}` : `Message ${recipients.length} people`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      schema={schema}
      defaultValues={{ channel: 'sms', template: '', subject: '', text: '' }}
      submitLabel="Send"
      pendingLabel="Sending…"
      onSubmit={async (input: SendInput) => {
        const r = await send.mutateAsync(input);
        notify.success(r.detail);
      }}
    >
      {({ control }) => (
        <MessageFields
          control={control as unknown as Control<Fields>}
          base={base}
          module={module}
          single={recipients.length === 1 ? recipients[0] : null}
          onOpened={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}

type Base = Pick<SendInput, 'module' | 'audience' | 'ids'>;

function bodyOf(base: Base, v: Fields): z.input<typeof sendInputSchema> {
  const free = v.channel === 'email' && !v.template;
  return {
    ...base,
    channel: v.channel as Channel,
    template: v.template ? Number(v.template) : null,
    subject: free ? v.subject : '',
    text: free ? v.text : '',
  };
}

function MessageFields({
  control,
  base,
  module,
  single,
  onOpened,
}: {
  control: Control<Fields>;
  base: Base;
  module: MessageModule;
  single: MessageRecipient | null;
  onOpened: () => void;
}) {
  const [channel, template, subject, text] = useWatch({ control, name: ['channel', 'template', 'subject', 'text'] });
  const free = channel === 'email' && !template;
  const ready = !!template || (free && !!subject.trim() && !!text.trim());
  const preview = useQuery({
    queryKey: ['messaging', 'send-preview', JSON.stringify(base), channel, template, free],
    queryFn: () =>
      call(e.send, { body: { ...sendInputSchema.parse(bodyOf(base, { channel, template, subject: 'x', text: 'x' })), preview: true } }),
    enabled: ready,
    retry: false,
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChannelTemplateFields
        control={control as unknown as Control<{ channel: string; template: string }>}
        channel={channel}
        module={module}
        freeEmail
      />
      {free && <EmailTextFields control={control} hint="Placeholders such as {first_name} are filled in for each person." />}
      <ReachPanel preview={preview.data} pending={preview.isFetching} error={preview.error} channel={channel} />
      {single && channel === 'whatsapp' && template && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-line p-3 text-sm sm:col-span-2">
          <span className="text-muted">No WhatsApp Business account? Send it from your own phone:</span>
          <MessageAction module={module} recipient={single} template={Number(template)} onOpened={onOpened} />
        </div>
      )}
    </div>
  );
}

/** An e-mail written by hand (no template): its subject and text, across the dialog's two columns. */
export function EmailTextFields({ control, hint }: { control: Control<MessageFormFields>; hint: string }) {
  return (
    <>
      <TextField control={control} name="subject" label="Subject" required maxLength={200} className="sm:col-span-2" />
      <TextareaField
        control={control}
        name="text"
        label="Message"
        required
        rows={5}
        maxLength={2000}
        hint={hint}
        className="sm:col-span-2"
      />
    </>
  );
}
