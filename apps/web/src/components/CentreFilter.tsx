import { useCentres } from '../lib/lookups';
import { FilterSelect } from './FilterSelect';

/** A list's or a report's Center filter: the active centres, '' for all of them ('All Centers'). */
export function CentreFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const centres = useCentres();
  return (
    <FilterSelect
      label="Center"
      value={value}
      onChange={onChange}
      allLabel="All Centers"
      options={(centres.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
    />
  );
}
