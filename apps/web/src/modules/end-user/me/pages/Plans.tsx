import { meDeskEndpoints } from '@arena/contracts/end-user/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage, fieldErrors, generalError } from '../../../../lib/errors';
import { formatDate } from '../../../../lib/format';
import { PageLoading } from '../MeApp';
import { BigButton, MeField, Panel } from '../ui';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The diets and workout plans assigned to the member, and their own workout log (hidden when the organisation has neither module). */
export default function Plans() {
  const plans = useQuery({ queryKey: ['me', 'plans'], queryFn: () => call(meDeskEndpoints.plans) });
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Plans</h1>
      {plans.isPending ? (
        <PageLoading />
      ) : plans.error ? (
        <Alert>{errorMessage(plans.error)}</Alert>
      ) : !plans.data.enabled ? (
        <p className="text-sm text-muted">Plans are not offered here.</p>
      ) : (
        <>
          {plans.data.results.length === 0 ? (
            <Panel>
              <p className="text-sm text-muted">No diet or workout plan has been assigned to you yet. Ask your trainer.</p>
            </Panel>
          ) : (
            plans.data.results.map((p) => (
              <Panel key={`${p.kind}-${p.id}`} title={p.kind === 'diet' ? 'Diet' : 'Workout'}>
                <p className="text-base font-semibold text-fg">{p.name}</p>
                {p.start_date && (
                  <p className="text-sm text-muted">
                    From {formatDate(p.start_date)}
                    {p.end_date ? ` to ${formatDate(p.end_date)}` : ''}
                  </p>
                )}
                {p.lines.length > 0 && (
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-fg">
                    {p.lines.map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </ul>
                )}
              </Panel>
            ))
          )}
          <WorkoutLog />
        </>
      )}
    </div>
  );
}

function WorkoutLog() {
  const queryClient = useQueryClient();
  const log = useQuery({ queryKey: ['me', 'workout-log'], queryFn: () => call(meDeskEndpoints.workoutLog) });
  const [form, setForm] = useState({ date: today(), exercise: '', sets: '3', reps: '10', weight: '0' });
  const add = useMutation({
    mutationFn: () =>
      call(meDeskEndpoints.addWorkoutLog, {
        body: { ...form, sets: Number(form.sets), reps: Number(form.reps), weight: Number(form.weight) },
      }),
    onSuccess: () => {
      setForm((f) => ({ ...f, exercise: '' }));
      void queryClient.invalidateQueries({ queryKey: ['me', 'workout-log'] });
    },
  });
  const errors = fieldErrors(add.error);
  const general = add.error ? (generalError(add.error) ?? (Object.keys(errors).length ? null : errorMessage(add.error))) : null;
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <Panel title="Workout log">
      <form onSubmit={submit} className="space-y-3" noValidate>
        {general && <Alert>{general}</Alert>}
        <div className="grid grid-cols-2 gap-3">
          <MeField label="Date" type="date" value={form.date} onChange={set('date')} error={errors.date} />
          <MeField label="Exercise" value={form.exercise} maxLength={120} onChange={set('exercise')} error={errors.exercise} />
          <MeField
            label="Sets"
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            value={form.sets}
            onChange={set('sets')}
            error={errors.sets}
          />
          <MeField
            label="Reps"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={form.reps}
            onChange={set('reps')}
            error={errors.reps}
          />
          <MeField
            label="Weight (kg)"
            type="number"
            inputMode="decimal"
            min={0}
            max={1000}
            step={0.5}
            value={form.weight}
            onChange={set('weight')}
            error={errors.weight}
          />
        </div>
        <BigButton type="submit" className="w-full" disabled={add.isPending}>
          {add.isPending ? 'Saving…' : 'Log it'}
        </BigButton>
      </form>
      {log.data && log.data.results.length > 0 && (
        <ul className="mt-4 divide-y divide-line text-sm">
          {log.data.results.map((l) => (
            <li key={l.id} className="flex justify-between gap-2 py-2">
              <span className="text-fg">
                <span className="font-medium">{l.exercise}</span> · {l.sets} × {l.reps}
                {l.weight ? ` @ ${l.weight} kg` : ''}
              </span>
              <span className="shrink-0 text-muted">{formatDate(l.date)}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
