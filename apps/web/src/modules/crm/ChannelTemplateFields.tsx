import { CHANNEL_LABELS, CHANNELS } from '@arena/contracts/messaging';
import { messageTemplateEndpoints } from '@arena/contracts/messaging/routes';
import { useQuery } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import { Link } from 'react-router';
import type { ListParams } from '../../components/DataTable';
import { SelectField } from '../../components/form';
import { call } from '../../lib/api';

export const CHANNEL_OPTIONS = CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }));

/**
 * The Channel and Template selects of CRM's sends (promotions, today's Message): CRM's active
 * templates of the chosen channel, with the way to write more.
 */
export function ChannelTemplateFields({ control, channel }: { control: Control<{ channel: string; template: string }>; channel: string }) {
  const templates = useQuery({
    queryKey: ['messaging', 'template', 'crm', channel],
    queryFn: () =>
      call(messageTemplateEndpoints.list, { query: { page: 1, page_size: 200, module: 'crm', channel, is_active: 'true' } as ListParams }),
    enabled: !!channel,
  });
  return (
    <>
      <SelectField control={control} name="channel" label="Channel" required options={CHANNEL_OPTIONS} />
      <SelectField
        control={control}
        name="template"
        label="Template"
        required
        placeholder={templates.data?.results.length === 0 ? 'No CRM templates of this channel' : 'Select template'}
        options={(templates.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        loading={templates.isPending && !!channel}
        hint={
          <>
            CRM's templates:{' '}
            <Link className="text-accent-text underline" to="/crm-management/message-template">
              Message Template
            </Link>
          </>
        }
      />
    </>
  );
}
