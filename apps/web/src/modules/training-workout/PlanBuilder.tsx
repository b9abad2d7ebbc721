import { DAYS_MAX, ITEMS_PER_DAY_MAX, planInputSchema } from '@arena/contracts/training-workout';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useState, type DragEvent, type ReactNode } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Form, NumberField, SelectField, TextareaField, TextField } from '../../components/form';
import { useZodForm, type FormInput, type FormOutput } from '../../lib/form';
import type { Exercise, Plan } from './api';
import { ExercisePicker } from './ExercisePicker';
import { exerciseMeta, LEVEL_OPTIONS, LOAD_KIND_OPTIONS } from './labels';

type Values = FormInput<typeof planInputSchema>;
export type PlanValues = FormOutput<typeof planInputSchema>;
type PlanForm = UseFormReturn<Values, unknown, PlanValues>;
/** What a day's card shows of an exercise besides its id. */
export type ExerciseInfo = { name: string; equipment: string; primary_muscles: readonly string[] };
export type ExerciseInfos = Record<number, ExerciseInfo>;

/** A plan (or a member's copy) as the builder's starting values, and the names of its exercises. */
export function builderStart(
  plan: Pick<Plan, 'name' | 'category' | 'level' | 'days_per_week' | 'weeks' | 'description' | 'is_active' | 'days'>,
): {
  values: Values;
  infos: ExerciseInfos;
} {
  const infos: ExerciseInfos = {};
  const days = plan.days.map((d) => ({
    name: d.name,
    items: d.items.map((i) => {
      infos[i.exercise] = { name: i.exercise_name, equipment: i.equipment, primary_muscles: i.primary_muscles };
      return {
        exercise: i.exercise,
        sets: i.sets,
        reps: i.reps,
        rest_seconds: i.rest_seconds,
        tempo: i.tempo,
        load_kind: i.load_kind as 'none' | 'percent_1rm' | 'kg',
        load: i.load,
        superset: i.superset,
        notes: i.notes,
      };
    }),
  }));
  return {
    values: {
      name: plan.name,
      category: plan.category,
      level: plan.level as Values['level'],
      days_per_week: plan.days_per_week,
      weeks: plan.weeks,
      description: plan.description,
      is_active: plan.is_active,
      days,
    },
    infos,
  };
}

export const NEW_PLAN: Values = {
  name: '',
  category: null,
  level: 'beginner',
  days_per_week: 3,
  weeks: 4,
  description: '',
  is_active: true,
  days: [{ name: 'Day 1', items: [] }],
};

/**
 * The workout builder: the plan's name, category, level, days per week and weeks, then its days —
 * columns side by side on a wide screen, one under another on a phone — each with its exercises
 * (sets, reps or a time, rest, tempo, load, superset, notes), added from the library by search,
 * reordered by dragging the grip or with Move up / Move down. `copy` hides what a member's own
 * copy does not have (category, active).
 */
export function PlanBuilder({
  start,
  onSubmit,
  submitLabel,
  copy = false,
  categories,
  aside,
  extraActions,
  readOnly = false,
}: {
  start: { values: Values; infos: ExerciseInfos };
  onSubmit: (values: PlanValues) => Promise<unknown>;
  submitLabel: string;
  copy?: boolean;
  categories?: { id: number; name: string }[];
  aside?: ReactNode;
  extraActions?: ReactNode;
  /** The user may look but not save (their level in the module): no Save button, a line saying so. */
  readOnly?: boolean;
}) {
  const form = useZodForm(planInputSchema, { defaultValues: start.values });
  const [infos, setInfos] = useState<ExerciseInfos>(start.infos);
  const { control } = form;
  const days = useFieldArray({ control, name: 'days' });
  const category = useWatch({ control, name: 'category' });
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      invalidMessage="Some fields need attention: see the messages under them."
      footer={({ submitting }) => (
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
          {extraActions}
          {readOnly ? (
            <p className="text-sm text-muted">You can look at this plan; changing it needs a higher level in Training/Workouts.</p>
          ) : (
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving…' : submitLabel}
            </Button>
          )}
        </div>
      )}
    >
      <Card className="p-4">
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-6">
          <TextField control={control} name="name" label="Plan name" required maxLength={120} className="col-span-2" />
          {!copy && (
            <SelectField
              label="Category"
              value={category == null ? '' : String(category)}
              onChange={(v) => form.setValue('category', v ? Number(v) : null, { shouldDirty: true })}
              options={[{ value: '', label: 'No category' }, ...(categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
            />
          )}
          <SelectField control={control} name="level" label="Level" options={LEVEL_OPTIONS} />
          <NumberField control={control} name="days_per_week" label="Days per week" required />
          <NumberField control={control} name="weeks" label="Weeks" required />
          <TextareaField
            control={control}
            name="description"
            label="Description"
            rows={2}
            maxLength={1000}
            className="col-span-2 lg:col-span-6"
          />
        </div>
        {aside}
      </Card>

      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold">Days</h2>
        <Button
          variant="secondary"
          size="sm"
          disabled={days.fields.length >= DAYS_MAX}
          onClick={() => days.append({ name: `Day ${days.fields.length + 1}`, items: [] })}
        >
          <Plus size={14} aria-hidden /> Add Day
        </Button>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:overflow-x-auto lg:pb-2">
        {days.fields.map((day, d) => (
          <DayColumn
            key={day.id}
            form={form}
            index={d}
            infos={infos}
            onInfo={(e) =>
              setInfos((all) => ({ ...all, [e.id]: { name: e.name, equipment: e.equipment, primary_muscles: e.primary_muscles } }))
            }
            onRemove={days.fields.length > 1 ? () => days.remove(d) : undefined}
          />
        ))}
      </div>
    </Form>
  );
}

const NEW_ITEM = { sets: 3, reps: '10', rest_seconds: 60, tempo: '', load_kind: 'none' as const, load: 0, superset: '', notes: '' };

function DayColumn({
  form,
  index: d,
  infos,
  onInfo,
  onRemove,
}: {
  form: PlanForm;
  index: number;
  infos: ExerciseInfos;
  onInfo: (e: Exercise) => void;
  onRemove?: () => void;
}) {
  const { control } = form;
  const items = useFieldArray({ control, name: `days.${d}.items` });
  const name = useWatch({ control, name: `days.${d}.name` });
  const exercises = useWatch({ control, name: `days.${d}.items` }) ?? [];
  const [picking, setPicking] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [grip, setGrip] = useState<number | null>(null);
  const label = `Day ${d + 1}`;
  const dayTitle = name && name !== label ? `${label} · ${name}` : label;
  const added: Record<number, number> = {};
  for (const x of exercises) if (x?.exercise) added[Number(x.exercise)] = (added[Number(x.exercise)] ?? 0) + 1;
  const full = items.fields.length >= ITEMS_PER_DAY_MAX;
  const error = form.formState.errors.days?.[d]?.items?.root?.message ?? form.formState.errors.days?.[d]?.items?.message;

  const drop = (to: number) => (e: DragEvent) => {
    e.preventDefault();
    const from = dragging ?? Number(e.dataTransfer.getData('text/plain'));
    if (Number.isInteger(from) && from !== to) items.move(from, to);
    setDragging(null);
    setOver(null);
    setGrip(null);
  };

  return (
    <section aria-label={label} className="rounded-lg border border-line bg-subtle/40 p-3 lg:min-w-[320px] lg:max-w-[440px] lg:flex-1">
      <div className="mb-3 flex items-end gap-2">
        <TextField control={control} name={`days.${d}.name`} label={`${label} name`} required maxLength={60} className="flex-1" />
        {onRemove && (
          <Button variant="ghost-danger" size="sm" onClick={onRemove} aria-label={`Remove ${dayTitle}`} className="mb-1">
            <Trash2 size={15} aria-hidden />
          </Button>
        )}
      </div>
      {items.fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-line-strong px-3 py-6 text-center text-sm text-muted">
          No exercises yet. Add them from the library.
        </p>
      ) : (
        <ol className="space-y-2" aria-label={`Exercises of ${dayTitle}`}>
          {items.fields.map((item, i) => {
            const exercise = Number(exercises[i]?.exercise ?? (item as { exercise?: number }).exercise);
            const info = infos[exercise];
            const title = info?.name ?? `Exercise ${exercise}`;
            const base = `days.${d}.items.${i}` as const;
            const loadKind = exercises[i]?.load_kind ?? 'none';
            return (
              <li
                key={item.id}
                draggable={grip === i}
                onDragStart={(e) => {
                  setDragging(i);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(i));
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                  setGrip(null);
                }}
                onDragOver={(e) => {
                  if (dragging === null) return;
                  e.preventDefault();
                  setOver(i);
                }}
                onDrop={drop(i)}
                className={clsx(
                  'rounded-md border bg-surface shadow-sm',
                  dragging === i ? 'opacity-50' : '',
                  over === i && dragging !== null && dragging !== i ? 'border-accent ring-2 ring-accent/30' : 'border-line',
                )}
              >
                <fieldset aria-label={title} className="min-w-0 p-2.5">
                  <div className="mb-2 flex items-start gap-1.5">
                    <span
                      role="img"
                      aria-label={`Drag ${title} to reorder`}
                      title="Drag to reorder"
                      className="mt-0.5 cursor-grab touch-none rounded p-0.5 text-muted hover:bg-subtle hover:text-fg active:cursor-grabbing"
                      onMouseDown={() => setGrip(i)}
                      onMouseUp={() => setGrip(null)}
                    >
                      <GripVertical size={16} aria-hidden />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium" title={title}>
                        <span className="mr-1 text-muted tabular">{i + 1}.</span>
                        {title}
                      </p>
                      {info && <p className="truncate text-xs capitalize text-muted">{exerciseMeta(info)}</p>}
                    </div>
                    <div className="flex shrink-0">
                      <IconButton label={`Move ${title} up`} disabled={i === 0} onClick={() => items.move(i, i - 1)}>
                        <ArrowUp size={14} aria-hidden />
                      </IconButton>
                      <IconButton
                        label={`Move ${title} down`}
                        disabled={i === items.fields.length - 1}
                        onClick={() => items.move(i, i + 1)}
                      >
                        <ArrowDown size={14} aria-hidden />
                      </IconButton>
                      <IconButton label={`Remove ${title}`} danger onClick={() => items.remove(i)}>
                        <Trash2 size={14} aria-hidden />
                      </IconButton>
                    </div>
                  </div>
                  <div className="grid grid-cols-3 gap-2">
                    <NumberField control={control} name={`${base}.sets`} label="Sets" />
                    <TextField control={control} name={`${base}.reps`} label="Reps" placeholder="8-12" maxLength={20} />
                    <NumberField control={control} name={`${base}.rest_seconds`} label="Rest (s)" />
                    <SelectField control={control} name={`${base}.load_kind`} label="Load" options={LOAD_KIND_OPTIONS} />
                    <NumberField
                      control={control}
                      name={`${base}.load`}
                      label={loadKind === 'percent_1rm' ? '% of 1RM' : 'Load (kg)'}
                      integer={false}
                      disabled={loadKind === 'none'}
                    />
                    <TextField control={control} name={`${base}.tempo`} label="Tempo" placeholder="3-1-1-0" maxLength={7} />
                    <TextField control={control} name={`${base}.superset`} label="Superset" placeholder="A" maxLength={1} />
                    <TextField control={control} name={`${base}.notes`} label="Notes" maxLength={300} className="col-span-2" />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {error && <p className="mt-2 text-xs text-danger-text">{error}</p>}
      <Button variant="secondary" size="sm" className="mt-3 w-full" disabled={full} onClick={() => setPicking(true)}>
        <Plus size={14} aria-hidden /> Add Exercise
        <span className="sr-only"> to {dayTitle}</span>
      </Button>
      <ExercisePicker
        open={picking}
        onOpenChange={setPicking}
        title={`Add exercises to ${dayTitle}`}
        added={added}
        onAdd={(e) => {
          if (items.fields.length >= ITEMS_PER_DAY_MAX) return;
          onInfo(e);
          items.append({ exercise: e.id, ...NEW_ITEM });
        }}
      />
    </section>
  );
}

function IconButton({
  label,
  children,
  onClick,
  disabled,
  danger,
}: {
  label: string;
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={clsx(
        'rounded p-1.5 text-muted hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-40',
        danger ? 'hover:text-danger-text' : 'hover:text-fg',
      )}
    >
      {children}
    </button>
  );
}
