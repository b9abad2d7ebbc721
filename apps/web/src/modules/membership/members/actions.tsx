import { flattenFieldErrors } from '@arena/contracts/kit';
import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { formatTime } from './time';
import { notify } from '../../../lib/notify';
import { secondSessionQuestion } from '../desk/rules';
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

type CheckInMember = { id: number; full_name: string };

/**
 * Checks a member in now at the desk; says who is in, or the server's reason for refusing. A pack
 * member who already used today's session is asked about (`dialog`, which the caller renders):
 * a second session uses another, a visit back the same day uses none.
 */
export function useCheckInAction(): {
  checkIn: (member: CheckInMember) => Promise<void>;
  busy: number | null;
  dialog: ReactNode;
} {
  const checkIn = useCheckIn();
  const [busy, setBusy] = useState<number | null>(null);
  const [asked, setAsked] = useState<{ member: CheckInMember; question: string } | null>(null);
  const run = async (member: CheckInMember, second_session?: boolean) => {
    setBusy(member.id);
    try {
      const visit = await checkIn.mutateAsync({ member: member.id, source: 'desk', second_session });
      const used =
        visit.sessions_left !== null && !visit.override ? (visit.spent_session ? ' · 1 session used' : ' · no session used') : '';
      const left =
        visit.sessions_left !== null ? ` · ${visit.sessions_left} ${visit.sessions_left === 1 ? 'session' : 'sessions'} left` : '';
      notify.success(`${member.full_name} checked in at ${formatTime(visit.check_in)}${used}${left}.`);
      setAsked(null);
    } catch (error) {
      const question = error instanceof ApiError && error.status === 400 ? secondSessionQuestion(error.data) : null;
      if (question) setAsked({ member, question });
      else {
        setAsked(null);
        notify.error(`${member.full_name} was not checked in: ${refusalMessage(error)}`);
      }
    } finally {
      setBusy(null);
    }
  };
  const dialog = (
    <Dialog
      open={!!asked}
      onOpenChange={(o) => !o && busy === null && setAsked(null)}
      title={asked ? `${asked.member.full_name} already used a session today` : 'Second session?'}
      size="sm"
      footer={
        asked && (
          <>
            <Button variant="secondary" disabled={busy !== null} onClick={() => void run(asked.member, false)}>
              Let in without a session
            </Button>
            <Button disabled={busy !== null} onClick={() => void run(asked.member, true)}>
              {busy !== null ? 'Checking in…' : 'Check in for a second session'}
            </Button>
          </>
        )
      }
    >
      <p className="text-sm text-muted">{asked?.question}</p>
    </Dialog>
  );
  return { checkIn: (member) => run(member), busy, dialog };
}

/** Opens the member card (PDF with photo and QR code) to print. */
export async function printMemberCard(member: { id: number }) {
  try {
    await openMemberCard(member.id);
  } catch (error) {
    notify.error(errorMessage(error));
  }
}

// The messaging engine's dialog, loaded when first opened (its screens stay out of the members' chunk).
const SendMessageDialog = lazy(() => import('../../messaging/public').then((m) => ({ default: m.SendMessageDialog })));

/** Message: a template (or an e-mail) to the member through the messaging engine, or "Open in WhatsApp". */
export function MessageButton({
  member,
  size = 'sm',
  label = false,
}: {
  member: { id: number; full_name: string };
  size?: 'sm' | 'md';
  label?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant={label ? 'secondary' : 'ghost'} aria-label={`Message ${member.full_name}`} onClick={() => setOpen(true)}>
        <MessageSquare size={15} aria-hidden />
        {label && 'Message'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SendMessageDialog
            open
            onOpenChange={setOpen}
            module="membership"
            audience="members"
            recipients={[{ kind: 'member', id: member.id, name: member.full_name }]}
          />
        </Suspense>
      )}
    </>
  );
}
