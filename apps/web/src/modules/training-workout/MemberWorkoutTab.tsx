import { logInputSchema } from '@arena/contracts/training-workout';
import { format, parseISO } from 'date-fns';
import { ClipboardPlus, Dumbbell, FileDown, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { EmptyState } from '../../components/EmptyState';
import { FilterSelect } from '../../components/FilterSelect';
import { DateField, NumberField, SelectField, TextField } from '../../components/form';
import { FormDialog } from '../../components/FormDialog';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import type { FormControl, FormInput } from '../../lib/form';
import { capitalise, countOf, formatCount, formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useCan } from '../../lib/useCan';
import { SendToPersonDialog } from '../messaging/public';
import { adherencePercent } from './adherence';
import {
  TRAINING_MODULE,
  TRAINING_PATHS,
  useCopy,
  useCopyLog,
  useCopyMutations,
  sendCopy,
  useMemberCopies,
  type MemberPlan,
  type MemberPlanListItem,
} from './api';
import { AdherenceCell, CopyStatus, openPdf } from './AssignedPage';
import { loadText } from './labels';

/**
 * The member page's Workout tab: the member's current plan (its days and exercises), adherence per
 * week, the workout log (and recording a session), the PDF, and the plans they had before.
 */
export function MemberWorkoutTab({ member }: { member: { id: number; first_name: string; full_name?: string } }) {
  const copies = useMemberCopies(member.id);
  const [chosen, setChosen] = useState<number | null>(null);
  if (copies.isPending)
    return (
      <div className="space-y-4">
        <Skeleton className="h-24" />
        <Skeleton className="h-64" />
      </div>
    );
  if (copies.error)
    return (
      <Card className="p-4 text-sm text-danger-text" role="alert">
        The workout plans could not be loaded: {errorMessage(copies.error)}{' '}
        <Button size="sm" variant="secondary" onClick={() => void copies.refetch()}>
          Retry
        </Button>
      </Card>
    );
  const list = copies.data ?? [];
  if (list.length === 0)
    return (
      <Card>
        <EmptyState
          icon={Dumbbell}
          title="No workout plan yet"
          action={
            <Link to={TRAINING_PATHS.assign} className={buttonClass('primary')}>
              Assign a Workout Plan
            </Link>
          }
        >
          Assign {member.first_name} a plan and it shows here with its days, the sessions logged and adherence week by week.
        </EmptyState>
      </Card>
    );
  const current = list.find((c) => c.id === chosen) ?? list.find((c) => c.status === 'active') ?? list[0]!;
  return (
    <div className="space-y-4">
      {list.length > 1 && (
        <FilterSelect
          label="Plan"
          value={String(current.id)}
          allLabel={false}
          onChange={(v) => setChosen(Number(v))}
          options={list.map((c) => ({
            value: String(c.id),
            label: `${c.name} · ${formatDate(c.start_date)}${c.status === 'ended' ? ' (ended)' : ''}`,
          }))}
        />
      )}
      <CopyView summary={current} firstName={member.first_name} />
      <History list={list} onOpen={setChosen} current={current.id} />
    </div>
  );
}

function CopyView({ summary, firstName }: { summary: MemberPlanListItem; firstName: string }) {
  const copy = useCopy(summary.id);
  const canOperate = useCan(TRAINING_MODULE, 'operate');
  const [sending, setSending] = useState(false);
  const c = copy.data;
  return (
    <>
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
              {summary.name} <CopyStatus copy={summary} />
            </h2>
            <p className="mt-1 text-sm text-muted">
              {capitalise(summary.level)} · {countOf(summary.days_per_week, 'day')} a week for {countOf(summary.weeks, 'week')} · from{' '}
              {formatDate(summary.start_date)}
              {summary.end_date ? ` to ${formatDate(summary.end_date)}` : ''} · assigned by {summary.assigned_by || '—'}
            </p>
            {summary.notes && <p className="mt-1 text-sm">{summary.notes}</p>}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => openPdf(summary.id)}>
              <FileDown size={16} aria-hidden /> PDF
            </Button>
            {canOperate && (
              <Button variant="secondary" onClick={() => setSending(true)}>
                <Send size={16} aria-hidden /> Send
              </Button>
            )}
            {canOperate && (
              <Link to={TRAINING_PATHS.copy(summary.id)} className={buttonClass('secondary')}>
                <Pencil size={16} aria-hidden /> Edit Workout
              </Link>
            )}
          </div>
          <SendToPersonDialog
            open={sending}
            onOpenChange={setSending}
            module="training"
            title={`Send ${summary.member_name} their workout`}
            send={(body) => sendCopy(summary.id, body)}
          />
        </div>
      </Card>

      <section aria-label="Days and exercises">
        <h2 className="mb-2 text-sm font-semibold">Days and exercises</h2>
        {copy.isPending ? (
          <Skeleton className="h-48" />
        ) : c ? (
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {c.days.map((d) => (
              <Card key={d.day} className="overflow-hidden">
                <h3 className="border-b border-line bg-subtle/50 px-3 py-2 text-sm font-semibold">
                  Day {d.day} · {d.name}
                </h3>
                {d.items.length === 0 ? (
                  <p className="px-3 py-3 text-sm text-muted">Rest day</p>
                ) : (
                  <ol className="divide-y divide-line">
                    {d.items.map((i, n) => (
                      <li key={i.id} className="px-3 py-2 text-sm">
                        <div className="flex items-baseline justify-between gap-2">
                          <span className="font-medium">
                            {i.superset && <span className="mr-1 rounded bg-accent/15 px-1 text-xs text-accent-text">{i.superset}</span>}
                            {n + 1}. {i.exercise_name}
                          </span>
                          <span className="shrink-0 tabular">
                            {i.sets} × {i.reps}
                          </span>
                        </div>
                        <p className="text-xs text-muted">
                          {[`rest ${i.rest_seconds} s`, loadText(i.load_kind, i.load), i.tempo && `tempo ${i.tempo}`, i.notes]
                            .filter(Boolean)
                            .join(' · ')}
                        </p>
                      </li>
                    ))}
                  </ol>
                )}
              </Card>
            ))}
          </div>
        ) : (
          <p className="text-sm text-danger-text">The plan could not be loaded.</p>
        )}
      </section>

      <SessionsPanel copy={summary} firstName={firstName} />
    </>
  );
}

/**
 * Adherence per week and the workout log of a member's plan, with Record Session: the member tab
 * and the member's plan page (Assigned Plans › Workout) both show it.
 */
export function SessionsPanel({
  copy: summary,
  firstName,
}: {
  copy: Pick<MemberPlanListItem, 'id' | 'start_date' | 'days_per_week'>;
  firstName: string;
}) {
  const copy = useCopy(summary.id);
  const log = useCopyLog(summary.id);
  const canOperate = useCan(TRAINING_MODULE, 'operate');
  const [recording, setRecording] = useState(false);
  const [all, setAll] = useState(false);
  const c = copy.data;
  const rows = log.data?.results ?? [];
  const shown = all ? rows : rows.slice(0, LOG_ROWS);
  return (
    <>
      <Card className="p-4">
        <h2 className="mb-3 text-sm font-semibold">Adherence per week</h2>
        {log.isPending ? (
          <Skeleton className="h-56" />
        ) : !log.data || log.data.adherence.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">No weeks yet: the plan starts {formatDate(summary.start_date)}.</p>
        ) : (
          <Chart
            kind="bar"
            height={220}
            label={`${firstName}'s sessions logged against the ${summary.days_per_week} planned each week`}
            data={log.data.adherence.map((w) => ({ week: w.week, logged: w.logged, planned: w.planned }))}
            x="week"
            xFormat={(v) => format(parseISO(String(v)), 'd MMM')}
            xTooltip={(v) => `Week of ${formatDate(String(v))}`}
            series={[
              { key: 'logged', label: 'Sessions logged' },
              { key: 'planned', label: 'Planned', kind: 'line' },
            ]}
            xLabel="Week"
            yLabel="Sessions"
          />
        )}
      </Card>

      <Card>
        <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
          <h2 className="text-sm font-semibold">Workout log</h2>
          <div className="flex items-center gap-3">
            {log.data && <span className="text-xs text-muted">{countOf(new Set(rows.map((l) => l.date)).size, 'session')}</span>}
            {canOperate && (
              <Button size="sm" onClick={() => setRecording(true)} disabled={!c}>
                <ClipboardPlus size={14} aria-hidden /> Record Session
              </Button>
            )}
          </div>
        </div>
        {log.isPending ? (
          <Skeleton className="m-4 h-24" />
        ) : !log.data || log.data.results.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted">Nothing logged yet. Record a session as {firstName} trains.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Workout log">
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th className="px-4 py-2 font-medium">Date</th>
                  <th className="px-2 py-2 font-medium">Exercise</th>
                  <th className="px-2 py-2 font-medium">Sets</th>
                  <th className="px-4 py-2 font-medium">Recorded by</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {shown.map((l, i) => (
                  <tr key={l.id}>
                    <td className="whitespace-nowrap px-4 py-2">{i > 0 && shown[i - 1]!.date === l.date ? '' : formatDate(l.date)}</td>
                    <td className="px-2 py-2">
                      {l.exercise_name}
                      {l.notes && <span className="block text-xs text-muted">{l.notes}</span>}
                    </td>
                    <td className="px-2 py-2 tabular">{l.sets.map(setText).join(', ')}</td>
                    <td className="px-4 py-2 text-muted">{l.recorded_by || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {rows.length > LOG_ROWS && (
              <div className="border-t border-line px-4 py-2">
                <Button size="sm" variant="ghost" onClick={() => setAll(!all)}>
                  {all ? 'Show the latest only' : `Show all ${formatCount(rows.length)} entries`}
                </Button>
              </div>
            )}
          </div>
        )}
      </Card>
      {recording && c && <RecordSessionDialog copy={c} onClose={() => setRecording(false)} />}
    </>
  );
}

const LOG_ROWS = 15;

/** "10 × 40 kg", "45 s", "12". */
export function setText(s: { reps: number; seconds: number; load_kg: number }): string {
  const what = s.seconds > 0 ? `${s.seconds} s` : String(s.reps);
  return s.load_kg > 0 ? `${what} × ${s.load_kg} kg` : what;
}

function History({ list, onOpen, current }: { list: MemberPlanListItem[]; onOpen: (id: number) => void; current: number }) {
  const today = todayIso();
  return (
    <Card>
      <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">Workout plans over time</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Workout plan history">
          <thead>
            <tr className="text-left text-xs text-muted">
              <th className="px-4 py-2 font-medium">Plan</th>
              <th className="px-2 py-2 font-medium">From</th>
              <th className="px-2 py-2 font-medium">To</th>
              <th className="px-2 py-2 font-medium">Status</th>
              <th className="px-2 py-2 text-right font-medium">Sessions</th>
              <th className="px-4 py-2 text-right font-medium">Adherence</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {list.map((c) => (
              <tr key={c.id} aria-current={c.id === current ? 'true' : undefined} className={c.id === current ? 'bg-subtle/50' : undefined}>
                <td className="px-4 py-2">
                  <button type="button" className="text-left font-medium text-accent-text hover:underline" onClick={() => onOpen(c.id)}>
                    {c.name}
                  </button>
                </td>
                <td className="whitespace-nowrap px-2 py-2">{formatDate(c.start_date)}</td>
                <td className="whitespace-nowrap px-2 py-2">{c.end_date ? formatDate(c.end_date) : '—'}</td>
                <td className="px-2 py-2">
                  <CopyStatus copy={c} />
                </td>
                <td className="px-2 py-2 text-right tabular">{formatCount(c.sessions)}</td>
                <td className="px-4 py-2 text-right">
                  <AdherenceCell value={adherencePercent(c, today)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Records one exercise of a session: the date, the exercise (of the member's plan), each set's reps (or seconds) and load. */
function RecordSessionDialog({ copy, onClose }: { copy: MemberPlan; onClose: () => void }) {
  const { log } = useCopyMutations();
  const seen = new Set<number>();
  const options: { value: string; label: string }[] = [];
  for (const d of copy.days)
    for (const i of d.items)
      if (!seen.has(i.exercise)) {
        seen.add(i.exercise);
        options.push({ value: String(i.exercise), label: `${i.exercise_name} (Day ${d.day} · ${d.name})` });
      }
  const first = copy.days.flatMap((d) => d.items)[0];
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Record a session for ${copy.member_name}`}
      description="One exercise at a time: its sets as done, with the reps (or seconds) and the load."
      schema={logInputSchema}
      size="lg"
      defaultValues={{
        date: todayIso(),
        exercise: first?.exercise as never,
        sets: Array.from({ length: Math.min(first?.sets ?? 3, 6) }, () => ({ reps: 10, seconds: 0, load_kg: 0 })),
        notes: '',
      }}
      submitLabel="Record"
      onSubmit={async (values) => {
        await log.mutateAsync({ id: copy.id, input: values });
        notify.success(`Recorded for ${copy.member_name}.`);
      }}
    >
      {(form) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField control={form.control} name="date" label="Date" required max={todayIso()} />
          <SelectField
            label="Exercise"
            required
            value={String(form.watch('exercise') ?? '')}
            onChange={(v) => form.setValue('exercise', Number(v) as never, { shouldValidate: form.formState.isSubmitted })}
            error={form.formState.errors.exercise?.message}
            options={options}
          />
          <SetsEditor control={form.control} />
          <TextField control={form.control} name="notes" label="Notes" maxLength={300} className="sm:col-span-2" />
        </div>
      )}
    </FormDialog>
  );
}

function SetsEditor({ control }: { control: FormControl<FormInput<typeof logInputSchema>> }) {
  const sets = useFieldArray({ control, name: 'sets' });
  const values = useWatch({ control, name: 'sets' });
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium">Sets</legend>
      <ol className="space-y-2">
        {sets.fields.map((s, i) => (
          <li key={s.id} className="grid grid-cols-[2.5rem_1fr_1fr_1fr_auto] items-end gap-2">
            <span className="pb-2.5 text-sm text-muted tabular">#{i + 1}</span>
            <NumberField
              control={control}
              name={`sets.${i}.reps`}
              label={`Reps, set ${i + 1}`}
              labelDisplay={i === 0 ? 'visible' : 'hidden'}
            />
            <NumberField
              control={control}
              name={`sets.${i}.seconds`}
              label={`Seconds, set ${i + 1}`}
              labelDisplay={i === 0 ? 'visible' : 'hidden'}
            />
            <NumberField
              control={control}
              name={`sets.${i}.load_kg`}
              label={`Load kg, set ${i + 1}`}
              integer={false}
              labelDisplay={i === 0 ? 'visible' : 'hidden'}
            />
            <Button
              variant="ghost-danger"
              size="sm"
              aria-label={`Remove set ${i + 1}`}
              disabled={sets.fields.length === 1}
              onClick={() => sets.remove(i)}
              className="mb-1"
            >
              <Trash2 size={14} aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        variant="secondary"
        className="mt-2"
        disabled={sets.fields.length >= 20}
        onClick={() => {
          const last = values?.at(-1);
          sets.append(last ? { ...last } : { reps: 10, seconds: 0, load_kg: 0 });
        }}
      >
        <Plus size={14} aria-hidden /> Add Set
      </Button>
    </fieldset>
  );
}
