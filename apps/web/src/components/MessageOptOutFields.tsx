import { CHANNELS, type Channel } from '@arena/contracts/kit';
import { clsx } from 'clsx';
import { useController, type FieldValues, type Path } from 'react-hook-form';
import { CheckboxField } from './form';
import { FieldMessages } from './form/Field';
import type { ControlBinding } from './form/binding';

const LABELS: Record<Channel, string> = { sms: 'No SMS', whatsapp: 'No WhatsApp', email: 'No e-mail' };
const ORDER: Channel[] = ['sms', 'whatsapp', 'email'];

/** The opt-out field every person's form holds (members, booking clients), as typed. */
export const OPT_OUT_DEFAULTS = { message_opt_out: [] as Channel[] };

/**
 * A person's "do not message me" choices (the server's `message_opt_out`): a ticked channel
 * stops every message on it — reminders, automatic rules and promotions — and shows in the
 * delivery log as skipped. The same opt-out a STOP reply makes; SMS and WhatsApp go by the phone,
 * e-mail by the address.
 */
export function MessageOptOutFields<F extends FieldValues>({
  control,
  className,
}: Pick<ControlBinding<F>, 'control'> & { className?: string }) {
  const { field, fieldState } = useController({ control, name: 'message_opt_out' as Path<F> });
  const chosen: Channel[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (channel: Channel, on: boolean) =>
    field.onChange(on ? CHANNELS.filter((c) => c === channel || chosen.includes(c)) : chosen.filter((c) => c !== channel));
  return (
    <fieldset className={clsx('rounded-lg border border-line p-3', className)} aria-describedby="message-opt-out-hint">
      <legend className="px-1 text-sm font-medium text-fg">Messages</legend>
      <p id="message-opt-out-hint" className="mb-3 text-xs text-muted">
        Tick what this person asked not to receive. Every message on that channel — reminders, automatic messages and promotions — is
        skipped.
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {ORDER.map((c) => (
          <CheckboxField key={c} label={LABELS[c]} value={chosen.includes(c)} onChange={(on) => toggle(c, on)} />
        ))}
      </div>
      <FieldMessages id="message-opt-out" error={fieldState.error?.message} />
    </fieldset>
  );
}
