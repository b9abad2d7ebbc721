import { CHANNEL_LABELS, CHANNELS, type MessageModule } from '@arena/contracts/messaging';
import { messageTemplateEndpoints } from '@arena/contracts/messaging/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import type { ListParams } from '../../components/DataTable';
import { SelectField } from '../../components/form';
import { call } from '../../lib/api';

export const CHANNEL_OPTIONS = CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }));

/** Where each module's templates are written. */
const TEMPLATE_SCREENS: Record<MessageModule, { to: string; label: string }> = {
  administrator: { to: '/admin/messaging', label: 'Administrator › Messaging' },
  membership: { to: '/admin/messaging', label: 'Administrator › Messaging' },
  booking: { to: '/booking/messaging', label: 'Booking › Messaging' },
  crm: { to: '/crm-management/message-template', label: 'Message Template' },
  diet: { to: '/diet-management/message-template', label: 'Diet Management › Message Template' },
  training: { to: '/training-workout/message-template', label: 'Training/Workout › Message Template' },
  accommodation: { to: '/accommodation-management/messaging', label: 'Accommodation › Messaging' },
};

const MODULE_NAMES: Record<MessageModule, string> = {
  administrator: 'Shared',
  membership: 'Membership',
  booking: 'Booking',
  crm: 'CRM',
  diet: 'Diet',
  training: 'Training/Workout',
  accommodation: 'Accommodation',
};

/**
 * The Channel and Template selects of a send (CRM's promotions and today's Message, a person's
 * Message): the module's active templates of the chosen channel, with the way to write more.
 * `freeEmail`: an e-mail may go without a template (the form then asks for a subject and text).
 */
export function ChannelTemplateFields({
  control,
  channel,
  module,
  freeEmail = false,
}: {
  control: Control<{ channel: string; template: string }>;
  channel: string;
  module: MessageModule;
  freeEmail?: boolean;
}) {
  const templates = useQuery({
    queryKey: ['messaging', 'template', module, channel],
    queryFn: () =>
      call(messageTemplateEndpoints.list, { query: { page: 1, page_size: 200, module, channel, is_active: 'true' } as ListParams }),
    enabled: !!channel,
  });
  // Another channel: the template chosen was of the last one.
  const { field: templateField } = useController({ control, name: 'template' });
  const last = useRef(channel);
  useEffect(() => {
    if (last.current !== channel && templateField.value) templateField.onChange('');
    last.current = channel;
  }, [channel, templateField]);
  const screen = TEMPLATE_SCREENS[module];
  const none = templates.data?.results.length === 0;
  const free = freeEmail && channel === 'email';
  return (
    <>
      <SelectField control={control} name="channel" label="Channel" required options={CHANNEL_OPTIONS} />
      <SelectField
        control={control}
        name="template"
        label="Template"
        required={!free}
        placeholder={
          free ? 'None: write the e-mail below' : none ? `No ${MODULE_NAMES[module]} templates of this channel` : 'Select template'
        }
        options={(templates.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        loading={templates.isPending && !!channel}
        hint={
          <>
            {MODULE_NAMES[module]} templates:{' '}
            <Link className="text-accent-text underline" to={screen.to}>
              {screen.label}
            </Link>
          </>
        }
      />
    </>
  );
}
