import {
  personSendInputSchema,
  type Channel,
  type MessageModule,
  type PersonSendInput,
  type PersonSendResult,
} from '@arena/contracts/messaging';
import { z } from '@arena/contracts/kit';
import { useWatch, type Control } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { requestSchema } from '../../lib/form';
import { notify } from '../../lib/notify';
import { ChannelTemplateFields } from './ChannelTemplateFields';
import { EmailTextFields, messageFormFields, type MessageFormFields } from './SendMessageDialog';

type Fields = MessageFormFields;

function bodyOf(v: Fields): z.input<typeof personSendInputSchema> {
  const free = v.channel === 'email' && !v.template;
  return {
    channel: v.channel as Channel,
    template: v.template ? Number(v.template) : null,
    subject: free ? v.subject : '',
    text: free ? v.text : '',
  };
}

/**
 * Sends one person something of a module's (a member's diet or workout) through the messaging
 * engine: a template of that module on a channel, or an e-mail written here. `send` is the module's
 * own endpoint (it fills `{plan}`, `{start_date}` … from its row); the answer says whether it was
 * queued or why not (opted out, no phone or e-mail).
 */
export function SendToPersonDialog({
  open,
  onOpenChange,
  module,
  title,
  send,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  module: MessageModule;
  title: string;
  send: (body: PersonSendInput) => Promise<PersonSendResult>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      schema={requestSchema(messageFormFields, personSendInputSchema, bodyOf)}
      defaultValues={{ channel: 'whatsapp', template: '', subject: '', text: '' }}
      submitLabel="Send"
      pendingLabel="Sending…"
      onSubmit={async (input: PersonSendInput) => {
        const r = await send(input);
        if (r.queued) notify.success(r.detail);
        else notify.error(r.detail);
      }}
    >
      {({ control }) => <Fields control={control as unknown as Control<Fields>} module={module} />}
    </FormDialog>
  );
}

function Fields({ control, module }: { control: Control<Fields>; module: MessageModule }) {
  const [channel, template] = useWatch({ control, name: ['channel', 'template'] });
  const free = channel === 'email' && !template;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChannelTemplateFields
        control={control as unknown as Control<{ channel: string; template: string }>}
        channel={channel}
        module={module}
        freeEmail
      />
      {free && (
        <EmailTextFields control={control} hint="Placeholders such as {first_name} and {plan} are filled in from the member's own plan." />
      )}
      <p className="text-xs text-muted sm:col-span-2">
        WhatsApp costs 1 credit and SMS 1 per part; e-mail is free. A member who opted out of the channel is skipped.
      </p>
    </div>
  );
}
