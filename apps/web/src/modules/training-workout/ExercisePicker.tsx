import { Check, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FilterSelect } from '../../components/FilterSelect';
import { SearchBox } from '../../components/SearchBox';
import { Skeleton } from '../../components/Skeleton';
import { countOf } from '../../lib/format';
import { useDebounced } from '../../lib/useDebounced';
import { useExerciseSearch, type Exercise } from './api';
import { EQUIPMENT_OPTIONS, exerciseMeta, mergeMatches, MUSCLE_OPTIONS, pickerQueries } from './labels';

/**
 * Adds exercises to a day: one search box over the library and the organisation's own (a name,
 * or a muscle or an equipment by its name), the muscle and equipment filters, and an Add button
 * per match. It stays open so a trainer adds a day's exercises in one go; `added` counts each.
 */
export function ExercisePicker({
  open,
  onOpenChange,
  title,
  added,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** How many times each exercise is in the day already. */
  added: Record<number, number>;
  onAdd: (exercise: Exercise) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [muscle, setMuscle] = useState('');
  const [equipment, setEquipment] = useState('');
  const term = useDebounced(text, 250);
  const [byName, byFilter] = pickerQueries(term, muscle, equipment);
  const found = useExerciseSearch(byName, 25);
  const also = useExerciseSearch(byFilter, 25);
  const rows = mergeMatches([found.data?.results, byFilter ? also.data?.results : undefined]);
  const pending = found.isPending || (!!byFilter && also.isPending);
  const cut = (page?: { count: number; results: unknown[] }) => !!page && page.count > page.results.length;
  const more = cut(found.data) || (!!byFilter && cut(also.data));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Search the exercise library and your own exercises by name, muscle or equipment."
      size="lg"
      footer={
        <Button variant="primary" onClick={() => onOpenChange(false)}>
          Done
        </Button>
      }
    >
      <div className="space-y-3">
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
            Search exercises
          </label>
          <SearchBox id={id} autoFocus value={text} onChange={(e) => setText(e.target.value)} placeholder="Bench press, chest, dumbbell…" />
        </div>
        <div className="flex flex-wrap gap-3">
          <FilterSelect label="Muscle" value={muscle} onChange={setMuscle} options={MUSCLE_OPTIONS} />
          <FilterSelect label="Equipment" value={equipment} onChange={setEquipment} options={EQUIPMENT_OPTIONS} />
        </div>
        <p className="text-xs text-muted" aria-live="polite">
          {pending ? 'Searching…' : `${countOf(rows.length, 'exercise')}${more ? ' shown: narrow the search to see others' : ''}`}
        </p>
        {pending ? (
          <div className="space-y-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="rounded-md border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
            No exercise matches. Try another word, or add your own under Exercises.
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-md border border-line" aria-label="Matching exercises">
            {rows.map((e) => {
              const n = added[e.id] ?? 0;
              return (
                <li key={e.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">
                      {e.name}
                      {!e.is_global && <span className="ml-2 text-xs font-normal text-accent-text">Own</span>}
                    </p>
                    <p className="truncate text-xs capitalize text-muted">{exerciseMeta(e)}</p>
                  </div>
                  <Button size="sm" variant={n ? 'ghost' : 'secondary'} onClick={() => onAdd(e)} aria-label={`Add ${e.name}`}>
                    {n ? <Check size={14} aria-hidden /> : <Plus size={14} aria-hidden />}
                    {n ? `Added${n > 1 ? ` ×${n}` : ''}` : 'Add'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
