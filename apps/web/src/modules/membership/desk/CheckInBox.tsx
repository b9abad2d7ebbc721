import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CheckCircle2, LogIn, QrCode, Repeat2, ScanLine, ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ApiError, type Paginated } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/useDebounced';
import { authStore } from '../../../state/auth';
import { memberSearchQuery, useAttendanceMutations, useMemberSearch, type Attendance, type Member } from './api';
import { MemberAvatar, memberPath, MemberStatusBadge } from './parts';
import { QrScanDialog } from './QrScanDialog';
import {
  checkInQueryKind,
  checkInSearchTerm,
  checkInTarget,
  clockTime,
  memberCodeIn,
  refusalText,
  secondSessionQuestion,
  signedCheckInCode,
} from './rules';

type Target = { member: number; label: string } | { member_code: string; label: string };
type Source = 'desk' | 'qr';
/** What the desk adds to a check-in it sends again: let in without a running plan, or say whether this is a second session of a pack. */
type Answer = { override?: boolean; second_session?: boolean };
type Outcome =
  | { kind: 'in'; visit: Attendance }
  | { kind: 'refused'; target: Target; source: Source; reason: string }
  | { kind: 'second'; target: Target; source: Source; reason: string }
  | { kind: 'already'; target: Target; reason: string }
  | { kind: 'hint'; reason: string }
  | { kind: 'error'; reason: string };

const zone = () => authStore.get().organisation?.time_zone;

/** "PT 12 · 1 session used · 11 sessions left", "Monthly", "" — what a check-in says of the membership it used. */
const planLine = (a: Pick<Attendance, 'plan_name' | 'sessions_left' | 'spent_session' | 'override'>) =>
  [
    a.plan_name,
    a.sessions_left !== null && !a.override ? (a.spent_session ? '1 session used' : 'no session used') : '',
    a.sessions_left !== null ? `${a.sessions_left} ${a.sessions_left === 1 ? 'session' : 'sessions'} left` : '',
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The desk's fast check-in: type a name, phone or member code (or scan the card's QR code, with
 * the camera or a USB scanner that types into the box) and press Enter. A refusal (no running
 * membership) shows the server's reason with Override; a second check-in says the member is in. A
 * pack member back the same day, after using today's session, is let in only once the desk says
 * whether it is a second session (it uses one) or not (it uses none).
 */
export function CheckInBox({ viewingOtherDay }: { viewingOtherDay: boolean }) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const { checkIn } = useAttendanceMutations();
  const [text, setText] = useState('');
  const [active, setActive] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanning, setScanning] = useState(false);

  const kind = checkInQueryKind(text);
  const term = useDebounced(checkInSearchTerm(text), 200);
  const searchable = kind !== 'empty' && term.length >= 2 && !signedCheckInCode(text);
  const results = useMemberSearch(term, { enabled: searchable });
  const suggestions = searchable && results.data && term === checkInSearchTerm(text) ? results.data : [];
  const listShown = open && text.trim() !== '' && (suggestions.length > 0 || (searchable && !results.isPending));

  useEffect(() => setActive(null), [term]);

  const focusBox = () => requestAnimationFrame(() => input.current?.focus());

  async function run(target: Target, source: Source, answer: Answer = {}) {
    setOutcome(null);
    try {
      const body = 'member' in target ? { member: target.member } : { member_code: target.member_code };
      const visit = await checkIn.mutateAsync({ ...body, source, ...answer });
      setOutcome({ kind: 'in', visit });
      notify.success(`${visit.member_name} checked in at ${clockTime(visit.check_in, zone())}.`);
      setText('');
      setOpen(false);
    } catch (error) {
      const reason = error instanceof ApiError ? refusalText(error.data) : null;
      // The box is ready for the next member (a card scanner types straight into it); the outcome keeps who it was.
      setText('');
      setOpen(false);
      const question = error instanceof ApiError && error.status === 400 ? secondSessionQuestion(error.data) : null;
      if (question) setOutcome({ kind: 'second', target, source, reason: question });
      // The member app's code refused (expired, not valid): no override, the member refreshes it.
      else if (
        error instanceof ApiError &&
        error.status === 400 &&
        reason &&
        'member_code' in target &&
        signedCheckInCode(target.member_code)
      )
        setOutcome({ kind: 'error', reason });
      else if (error instanceof ApiError && error.status === 409)
        setOutcome({ kind: 'already', target, reason: reason ?? `${target.label} is already checked in.` });
      else if (error instanceof ApiError && error.status === 400 && reason) setOutcome({ kind: 'refused', target, source, reason });
      else setOutcome({ kind: 'error', reason: errorMessage(error) });
    } finally {
      focusBox();
    }
  }

  /** Enter: the highlighted or only match, or a typed code; with a search still on its way, its answer first. */
  async function submit() {
    if (checkIn.isPending || !text.trim()) return;
    let target = checkInTarget(text, suggestions, active);
    if (!target && (kind === 'phone' || kind === 'name')) {
      let matches: Member[];
      try {
        matches = (await queryClient.fetchQuery<Paginated<Member>>(memberSearchQuery(checkInSearchTerm(text)))).results;
      } catch (error) {
        setOutcome({ kind: 'error', reason: errorMessage(error) });
        return;
      }
      target = checkInTarget(text, matches, null);
      if (!target) {
        setOpen(true);
        setOutcome({
          kind: 'hint',
          reason:
            matches.length === 0
              ? `No member matches “${text.trim()}”.`
              : 'Several members match: choose one from the list (↓ ↑ then Enter).',
        });
        return;
      }
    }
    if (target) await run(target, 'member_code' in target && signedCheckInCode(target.member_code) ? 'qr' : 'desk');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' && suggestions.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a === null ? 0 : Math.min(a + 1, suggestions.length - 1)));
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setActive((a) => (a === null || a === 0 ? null : a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape') {
      if (open && text) setOpen(false);
      else setText('');
      setActive(null);
    }
  }

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-0 flex-1 basis-72">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
            Check in a member
          </label>
          <div className="relative">
            <LogIn size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" aria-hidden />
            <input
              ref={input}
              id={inputId}
              type="text"
              role="combobox"
              autoComplete="off"
              autoFocus
              spellCheck={false}
              aria-expanded={listShown}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={active !== null && listShown ? `${listId}-${active}` : undefined}
              aria-describedby={hintId}
              placeholder="Name, phone or MEM-00042"
              value={text}
              disabled={checkIn.isPending}
              onChange={(e) => {
                setText(e.target.value);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setTimeout(() => setOpen(false), 150)}
              onKeyDown={onKeyDown}
              className="block h-12 w-full rounded-md border border-line-strong bg-surface pl-10 pr-3 text-base text-fg shadow-sm placeholder:text-muted/70 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
            />
          </div>
          {listShown && (
            <ul
              id={listId}
              role="listbox"
              aria-label="Matching members"
              className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-md border border-line bg-surface py-1 shadow-lg"
            >
              {suggestions.length === 0 ? (
                <li className="px-3 py-2 text-sm text-muted" role="presentation">
                  {signedCheckInCode(text)
                    ? 'Press Enter to check in with the member app’s code.'
                    : memberCodeIn(text)
                      ? `Press Enter to check in ${memberCodeIn(text)}.`
                      : `No member matches “${text.trim()}”.`}
                </li>
              ) : (
                suggestions.map((m, i) => (
                  <li
                    key={m.id}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={active === i}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => void run({ member: m.id, label: m.full_name }, 'desk')}
                    className={clsx('flex cursor-pointer items-center gap-3 px-3 py-2', active === i && 'bg-accent-soft')}
                  >
                    <MemberAvatar name={m.full_name} photo={m.photo} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{m.full_name}</p>
                      <p className="truncate text-xs tabular text-muted">
                        {m.member_code} · {m.phone}
                        {m.current_membership && ` · ${m.current_membership.plan_name} to ${formatDate(m.current_membership.end_date)}`}
                      </p>
                    </div>
                    <MemberStatusBadge status={m.status} />
                  </li>
                ))
              )}
            </ul>
          )}
        </div>
        <Button variant="secondary" className="h-12" onClick={() => setScanning(true)}>
          <QrCode size={18} aria-hidden /> Scan QR
        </Button>
      </div>
      <p id={hintId} className="mt-2 text-xs text-muted">
        Enter checks in the only match or a typed code; with several matches use ↓ ↑ to choose. A USB card scanner works here too.
        {viewingOtherDay && ' Check-ins are recorded for today, whatever day the register below shows.'}
      </p>

      <div aria-live="polite" className="empty:hidden mt-3">
        {outcome && <OutcomeLine outcome={outcome} pending={checkIn.isPending} onAnswer={run} onDismiss={() => setOutcome(null)} />}
      </div>

      <QrScanDialog
        open={scanning}
        onOpenChange={(o) => {
          setScanning(o);
          if (!o) focusBox();
        }}
        onCode={(code) => {
          setScanning(false);
          void run({ member_code: code, label: code }, 'qr');
        }}
      />
    </Card>
  );
}

function OutcomeLine({
  outcome,
  pending,
  onAnswer,
  onDismiss,
}: {
  outcome: Outcome;
  pending: boolean;
  /** Sends the check-in again with the desk's answer. */
  onAnswer: (target: Target, source: Source, answer: Answer) => Promise<void>;
  onDismiss: () => void;
}) {
  if (outcome.kind === 'in') {
    const v = outcome.visit;
    return (
      <div
        className="flex items-center gap-3 rounded-md border border-success/30 bg-success-soft px-3 py-2.5 text-sm text-success"
        role="status"
      >
        <CheckCircle2 size={20} className="shrink-0" aria-hidden />
        <MemberAvatar name={v.member_name} photo={v.photo} />
        <p className="min-w-0 flex-1">
          <Link to={memberPath(v.member)} className="font-semibold hover:underline">
            {v.member_name}
          </Link>{' '}
          <span className="tabular">({v.member_code})</span> checked in at{' '}
          <span className="font-semibold tabular">{clockTime(v.check_in, zone())}</span>
          {planLine(v) && <span className="block text-xs text-fg/70">{planLine(v)}</span>}
          {v.override && <span className="block text-xs font-medium">Let in with an override.</span>}
        </p>
      </div>
    );
  }
  if (outcome.kind === 'refused')
    return (
      <div role="alert" className="rounded-md border border-warning-text/30 bg-warning-soft px-3 py-3 text-sm text-warning-text">
        <div className="flex items-start gap-2.5">
          <ShieldAlert size={20} className="mt-0.5 shrink-0" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{outcome.target.label} was not checked in</p>
            <p className="mt-0.5 text-fg">{outcome.reason}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" disabled={pending} onClick={() => void onAnswer(outcome.target, outcome.source, { override: true })}>
                <ScanLine size={14} aria-hidden /> {pending ? 'Checking in…' : 'Override and check in'}
              </Button>
              {'member' in outcome.target && (
                <Link
                  to={memberPath(outcome.target.member)}
                  className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-fg hover:bg-subtle"
                >
                  Open member (renew, collect)
                </Link>
              )}
              <Button size="sm" variant="ghost" onClick={onDismiss}>
                Dismiss
              </Button>
            </div>
          </div>
        </div>
      </div>
    );
  if (outcome.kind === 'second')
    return (
      <div role="alert" className="rounded-md border border-accent/30 bg-accent-soft px-3 py-3 text-sm text-accent-text">
        <div className="flex items-start gap-2.5">
          <Repeat2 size={20} className="mt-0.5 shrink-0" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{outcome.target.label} already used a session today</p>
            <p className="mt-0.5 text-fg">{outcome.reason}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" disabled={pending} onClick={() => void onAnswer(outcome.target, outcome.source, { second_session: true })}>
                {pending ? 'Checking in…' : 'Check in for a second session'}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={pending}
                onClick={() => void onAnswer(outcome.target, outcome.source, { second_session: false })}
              >
                Let in without a session
              </Button>
              <Button size="sm" variant="ghost" onClick={onDismiss}>
                Dismiss
              </Button>
            </div>
          </div>
        </div>
      </div>
    );
  return (
    <div
      role={outcome.kind === 'error' ? 'alert' : 'status'}
      className={clsx(
        'flex items-start gap-2.5 rounded-md border px-3 py-2.5 text-sm',
        outcome.kind === 'already'
          ? 'border-accent/30 bg-accent-soft text-accent-text'
          : 'border-danger/30 bg-danger-soft text-danger-text',
      )}
    >
      <p className="min-w-0 flex-1 whitespace-pre-line">{outcome.reason}</p>
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
