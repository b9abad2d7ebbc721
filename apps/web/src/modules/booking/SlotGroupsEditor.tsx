import { clsx } from 'clsx';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/TextField';
import { blankGroup, nextSlot, type DraftErrors, type GroupDraft, type SlotDraft } from './facility-form';

const cell = 'h-9 px-2';

/** The slot template of a facility: named groups, each with time slots (start, end, price, weekend price, active). */
export function SlotGroupsEditor({
  groups,
  onChange,
  errors,
}: {
  groups: GroupDraft[];
  onChange: (groups: GroupDraft[]) => void;
  errors: DraftErrors;
}) {
  const setGroup = (gi: number, group: GroupDraft) => onChange(groups.map((g, i) => (i === gi ? group : g)));
  const setSlot = (gi: number, si: number, changes: Partial<SlotDraft>) =>
    setGroup(gi, { ...groups[gi], time_slots: groups[gi].time_slots.map((s, i) => (i === si ? { ...s, ...changes } : s)) });

  return (
    <div className="space-y-4">
      {groups.map((group, gi) => {
        const at = (si: number, field: string) => errors[`slot_groups.${gi}.time_slots.${si}.${field}`];
        const groupError = errors[`slot_groups.${gi}.name`] ?? errors[`slot_groups.${gi}.time_slots`] ?? errors[`slot_groups.${gi}`];
        return (
          <fieldset key={group.key} className="min-w-0 rounded-lg border border-line">
            <legend className="sr-only">Slot group {group.name || gi + 1}</legend>
            <div className="flex flex-wrap items-end gap-3 border-b border-line bg-subtle/60 px-4 py-3">
              <label className="min-w-[180px] flex-1 text-sm">
                <span className="mb-1 block font-medium">Group name</span>
                <input
                  value={group.name}
                  onChange={(e) => setGroup(gi, { ...group, name: e.target.value })}
                  placeholder="e.g. Morning"
                  aria-invalid={errors[`slot_groups.${gi}.name`] ? true : undefined}
                  className={inputClass(!!errors[`slot_groups.${gi}.name`])}
                />
              </label>
              <Button variant="ghost-danger" size="sm" onClick={() => onChange(groups.filter((_, i) => i !== gi))}>
                <Trash2 size={14} aria-hidden /> Remove group
              </Button>
            </div>
            {groupError && <p className="px-4 pt-2 text-xs font-medium text-danger-text">{groupError}</p>}
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[640px] text-sm">
                <thead>
                  <tr className="text-left text-xs font-semibold uppercase tracking-wide text-muted">
                    <th className="px-4 py-2">Start</th>
                    <th className="px-2 py-2">End</th>
                    <th className="px-2 py-2">Price (₹)</th>
                    <th className="px-2 py-2">Weekend price (₹)</th>
                    <th className="px-2 py-2 text-center">Active</th>
                    <th className="px-4 py-2">
                      <span className="sr-only">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {group.time_slots.map((slot, si) => {
                    const label = `${group.name || `Group ${gi + 1}`} slot ${si + 1}`;
                    return (
                      <tr key={slot.key} className="align-top">
                        <td className="px-4 py-1.5">
                          <input
                            type="time"
                            aria-label={`${label} start`}
                            value={slot.start_time}
                            onChange={(e) => setSlot(gi, si, { start_time: e.target.value })}
                            className={clsx(inputClass(!!at(si, 'start_time')), cell)}
                          />
                        </td>
                        <td className="px-2 py-1.5">
                          <input
                            type="time"
                            aria-label={`${label} end`}
                            value={slot.end_time}
                            onChange={(e) => setSlot(gi, si, { end_time: e.target.value })}
                            className={clsx(inputClass(!!at(si, 'end_time')), cell)}
                          />
                        </td>
                        <td className="px-2 py-1.5">
                          <input
                            inputMode="decimal"
                            aria-label={`${label} price`}
                            value={slot.price}
                            onChange={(e) => setSlot(gi, si, { price: e.target.value })}
                            placeholder="0.00"
                            className={clsx(inputClass(!!at(si, 'price')), cell, 'text-right tabular')}
                          />
                        </td>
                        <td className="px-2 py-1.5">
                          <input
                            inputMode="decimal"
                            aria-label={`${label} weekend price`}
                            value={slot.weekend_price}
                            onChange={(e) => setSlot(gi, si, { weekend_price: e.target.value })}
                            placeholder="Same"
                            className={clsx(inputClass(!!at(si, 'weekend_price')), cell, 'text-right tabular')}
                          />
                        </td>
                        <td className="px-2 py-1.5 text-center">
                          <input
                            type="checkbox"
                            aria-label={`${label} active`}
                            checked={slot.is_active}
                            onChange={(e) => setSlot(gi, si, { is_active: e.target.checked })}
                            className="mt-2.5 h-4 w-4 accent-[var(--color-accent)]"
                          />
                        </td>
                        <td className="px-4 py-1.5 text-right">
                          <button
                            type="button"
                            aria-label={`Remove ${label}`}
                            onClick={() => setGroup(gi, { ...group, time_slots: group.time_slots.filter((_, i) => i !== si) })}
                            className="mt-1 rounded-md p-1.5 text-muted hover:bg-danger-soft hover:text-danger-text"
                          >
                            <Trash2 size={15} aria-hidden />
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {group.time_slots.some((_, si) => ['start_time', 'end_time', 'price', 'weekend_price'].some((f) => at(si, f))) && (
                <ul className="space-y-0.5 px-4 pb-1 text-xs font-medium text-danger-text">
                  {group.time_slots.map((_, si) =>
                    ['start_time', 'end_time', 'price', 'weekend_price']
                      .filter((f) => at(si, f))
                      .map((f) => (
                        <li key={`${si}-${f}`}>
                          Slot {si + 1}: {at(si, f)}
                        </li>
                      )),
                  )}
                </ul>
              )}
            </div>
            <div className="px-4 py-3">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setGroup(gi, { ...group, time_slots: [...group.time_slots, nextSlot(group)] })}
              >
                <Plus size={14} aria-hidden /> Add slot
              </Button>
            </div>
          </fieldset>
        );
      })}
      <Button
        variant="secondary"
        onClick={() => onChange([...groups, blankGroup(groups.length === 0 ? 'Morning' : groups.length === 1 ? 'Evening' : '')])}
      >
        <Plus size={16} aria-hidden /> Add slot group
      </Button>
    </div>
  );
}
