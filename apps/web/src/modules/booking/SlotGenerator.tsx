import { generateSlots, SLOT_LENGTHS, type GeneratedSlot, type SlotGeneratorInput } from '@arena/contracts/booking';
import { Wand2 } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { MoneyField, SelectField, TimeField } from '../../components/form';

/**
 * The slot generator of a slot group: from, to, length (30/60/90 min), price and weekend price →
 * the group's slot rows (replacing its rows), which stay editable before the facility is saved.
 */
export function SlotGenerator({ groupLabel, onGenerate }: { groupLabel: string; onGenerate: (slots: GeneratedSlot[]) => void }) {
  const [values, setValues] = useState<SlotGeneratorInput>({ from: '06:00', to: '22:00', length: 60, price: '', weekend_price: null });
  const [error, setError] = useState<{ field: keyof SlotGeneratorInput; message: string } | null>(null);
  const set = (changes: Partial<SlotGeneratorInput>) => {
    setValues((v) => ({ ...v, ...changes }));
    setError(null);
  };
  const errorOf = (field: keyof SlotGeneratorInput) => (error?.field === field ? error.message : undefined);
  const generate = () => {
    const out = generateSlots(values);
    if ('error' in out) setError(out.error);
    else onGenerate(out.slots);
  };
  // Enter generates here instead of submitting the facility form around it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      generate();
    }
  };
  return (
    <div
      role="group"
      aria-label={`Generate slots of ${groupLabel}`}
      onKeyDown={onKeyDown}
      className="rounded-md border border-dashed border-line p-3"
    >
      <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[7rem_7rem_8rem_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <TimeField label="From" value={values.from} onChange={(from) => set({ from })} error={errorOf('from')} />
        <TimeField label="To" value={values.to} onChange={(to) => set({ to })} error={errorOf('to')} />
        <SelectField
          label="Length"
          value={String(values.length)}
          onChange={(v) => set({ length: Number(v) })}
          options={SLOT_LENGTHS.map((n) => ({ value: String(n), label: `${n} min` }))}
          error={errorOf('length')}
        />
        <MoneyField label="Slot price" value={values.price} onChange={(price) => set({ price })} error={errorOf('price')} />
        <MoneyField
          label="Slot weekend price"
          nullable
          placeholder="Same"
          value={values.weekend_price ?? null}
          onChange={(weekend_price) => set({ weekend_price })}
          error={errorOf('weekend_price')}
        />
        <Button variant="secondary" className="sm:mt-7" onClick={generate}>
          <Wand2 size={14} aria-hidden /> Generate
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted">Replaces the slots of this group; edit the rows before saving.</p>
    </div>
  );
}
