import { clsx } from 'clsx';
import { Plus, Trash2, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormState, useWatch, type UseFormClearErrors } from 'react-hook-form';
import { Button } from '../../components/Button';
import { CheckboxField, MoneyField, TextField, TimeField } from '../../components/form';
import type { FormControl } from '../../lib/form';
import { blankGroup, nextSlot, type FacilityForm } from './facility-form';
import { SlotGenerator } from './SlotGenerator';

type Control = FormControl<FacilityForm>;
type ClearErrors = UseFormClearErrors<FacilityForm>;

/** One grid for the column headers (from `sm` up) and every slot row, so they line up. */
const ROW = 'grid grid-cols-2 items-start gap-x-3 gap-y-2 sm:grid-cols-[7rem_7rem_minmax(0,1fr)_minmax(0,1fr)_4rem_2.5rem]';

/**
 * The slot template of a facility: named groups, each with time slots (start, end, price, weekend
 * price, active), filled by hand or by the slot generator. Editing a row clears that row's errors.
 */
export function SlotGroupsEditor({ control, clearErrors }: { control: Control; clearErrors: ClearErrors }) {
  const groups = useFieldArray({ control, name: 'slot_groups', keyName: 'key' });
  return (
    <div className="space-y-4">
      {groups.fields.map((group, gi) => (
        <GroupEditor key={group.key} control={control} clearErrors={clearErrors} index={gi} onRemove={() => groups.remove(gi)} />
      ))}
      <Button
        variant="secondary"
        onClick={() => groups.append(blankGroup(groups.fields.length === 0 ? 'Morning' : groups.fields.length === 1 ? 'Evening' : ''))}
      >
        <Plus size={16} aria-hidden /> Add slot group
      </Button>
    </div>
  );
}

function GroupEditor({
  control,
  clearErrors,
  index: gi,
  onRemove,
}: {
  control: Control;
  clearErrors: ClearErrors;
  index: number;
  onRemove: () => void;
}) {
  const [generating, setGenerating] = useState(false);
  const slots = useFieldArray({ control, name: `slot_groups.${gi}.time_slots`, keyName: 'key' });
  const name = useWatch({ control, name: `slot_groups.${gi}.name` });
  const current = useWatch({ control, name: `slot_groups.${gi}.time_slots` });
  const { errors } = useFormState({ control, name: `slot_groups.${gi}.time_slots` });
  const listError = errors.slot_groups?.[gi]?.time_slots;
  const groupLabel = name || `Group ${gi + 1}`;
  return (
    <fieldset className="min-w-0 rounded-lg border border-line">
      <legend className="sr-only">Slot group {groupLabel}</legend>
      <div className="flex flex-wrap items-start gap-3 border-b border-line bg-subtle/60 px-4 py-3">
        <TextField
          control={control}
          name={`slot_groups.${gi}.name`}
          label="Group name"
          required
          placeholder="e.g. Morning"
          className="min-w-[180px] flex-1"
        />
        <Button variant="secondary" size="sm" className="sm:mt-7" aria-expanded={generating} onClick={() => setGenerating((g) => !g)}>
          <Wand2 size={14} aria-hidden /> Generate slots
        </Button>
        <Button variant="ghost-danger" size="sm" className="sm:mt-7" onClick={onRemove}>
          <Trash2 size={14} aria-hidden /> Remove group
        </Button>
      </div>
      {generating && (
        <div className="border-b border-line px-4 py-3">
          <SlotGenerator
            groupLabel={groupLabel}
            onGenerate={(generated) => {
              slots.replace(generated);
              clearErrors(`slot_groups.${gi}.time_slots`);
              setGenerating(false);
            }}
          />
        </div>
      )}
      <div className="space-y-3 px-4 py-3 sm:space-y-1.5">
        <div className={clsx(ROW, 'hidden text-xs font-semibold uppercase tracking-wide text-muted sm:grid')} aria-hidden="true">
          <span>Start</span>
          <span>End</span>
          <span>Price</span>
          <span>Weekend price</span>
          <span className="text-center">Active</span>
          <span />
        </div>
        {slots.fields.map((slot, si) => {
          const at = `slot_groups.${gi}.time_slots.${si}` as const;
          const label = `${groupLabel} slot ${si + 1}`;
          return (
            <div
              key={slot.key}
              role="group"
              aria-label={label}
              className={clsx(ROW, si > 0 && 'border-t border-line pt-3 sm:border-0 sm:pt-0')}
              // Any edit of the row clears the row's errors (an overlap shown on its start, a server error on its price…).
              onChangeCapture={() => clearErrors(at)}
            >
              <TimeField control={control} name={`${at}.start_time`} label="Start" labelDisplay="hidden-from-sm" />
              <TimeField control={control} name={`${at}.end_time`} label="End" labelDisplay="hidden-from-sm" />
              <MoneyField control={control} name={`${at}.price`} label="Price" labelDisplay="hidden-from-sm" />
              <MoneyField
                control={control}
                name={`${at}.weekend_price`}
                label="Weekend price"
                labelDisplay="hidden-from-sm"
                nullable
                placeholder="Same"
              />
              <CheckboxField
                control={control}
                name={`${at}.is_active`}
                label="Active"
                labelDisplay="hidden-from-sm"
                className="flex h-10 items-center sm:justify-center"
              />
              <div className="flex h-10 items-center justify-end">
                <button
                  type="button"
                  aria-label={`Remove ${label}`}
                  onClick={() => slots.remove(si)}
                  className="rounded-md p-1.5 text-muted hover:bg-danger-soft hover:text-danger-text"
                >
                  <Trash2 size={15} aria-hidden />
                </button>
              </div>
            </div>
          );
        })}
        {slots.fields.length === 0 && <p className="text-sm text-muted">No slots yet: a group without slots offers nothing to book.</p>}
        {(listError?.message || listError?.root?.message) && (
          <p className="text-xs font-medium text-danger-text">{listError.message ?? listError.root?.message}</p>
        )}
      </div>
      <div className="px-4 pb-3">
        <Button size="sm" variant="secondary" onClick={() => slots.append(nextSlot(current ?? []))}>
          <Plus size={14} aria-hidden /> Add slot
        </Button>
      </div>
    </fieldset>
  );
}
