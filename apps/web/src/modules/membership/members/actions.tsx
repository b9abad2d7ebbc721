import { flattenFieldErrors } from '@arena/contracts/kit';
import * as Tooltip from '@radix-ui/react-tooltip';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { formatTime } from './time';
import { notify } from '../../../lib/notify';
import { openMemberCard, useCheckIn } from './api';

/**
 * The server's words for a refused action, without field names ("The membership is frozen until
 * 12 Dec 2026." rather than "member: …"): a check-in is refused with a 400 or a 409 whose message
 * is meant for the desk to read out.
 */
export function refusalMessage(error: unknown): string {
  if (error instanceof ApiError && error.data && typeof error.data === 'object') {
    const { fields, general } = flattenFieldErrors(error.data);
    const lines = [...general, ...Object.values(fields)].filter(Boolean);
    if (lines.length) return lines.join(' ');
  }
  return errorMessage(error);
}

/** Checks a member in now at the desk; says who is in, or the server's reason for refusing. */
export function useCheckInAction() {
  const checkIn = useCheckIn();
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (member: { id: number; full_name: string }) => {
    setBusy(member.id);
    try {
      const visit = await checkIn.mutateAsync({ member: member.id, source: 'desk' });
      const left =
        visit.sessions_left !== null ? ` · ${visit.sessions_left} ${visit.sessions_left === 1 ? 'session' : 'sessions'} left` : '';
      notify.success(`${member.full_name} checked in at ${formatTime(visit.check_in)}${left}.`);
    } catch (error) {
      notify.error(`${member.full_name} was not checked in: ${refusalMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };
  return { checkIn: run, busy };
}

/** Opens the member card (PDF with photo and QR code) to print. */
export async function printMemberCard(member: { id: number }) {
  try {
    await openMemberCard(member.id);
  } catch (error) {
    notify.error(errorMessage(error));
  }
}

export const MESSAGING_LATER = 'Messaging arrives with the messaging module';

/** Message (SMS, WhatsApp): disabled with a tooltip until the messaging module lands. */
export function MessageButton({ name, size = 'sm', label = false }: { name: string; size?: 'sm' | 'md'; label?: boolean }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          {/* aria-disabled keeps it focusable and hoverable, so the tooltip can say why it does nothing. */}
          <Button
            size={size}
            variant={label ? 'secondary' : 'ghost'}
            aria-disabled="true"
            aria-label={`Message ${name}`}
            onClick={(e) => e.preventDefault()}
            className="cursor-not-allowed opacity-60"
          >
            <MessageSquare size={15} aria-hidden />
            {label && 'Message'}
          </Button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            className="z-[60] max-w-xs rounded-md bg-fg px-2 py-1 text-xs font-medium text-surface shadow-md"
          >
            {MESSAGING_LATER}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
