/** A compact labelled select for a list's filter bar ('' = All). */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  allLabel?: string;
}) {
  return (
    <label className="flex w-full items-center gap-2 text-sm sm:w-auto">
      <span className="w-20 shrink-0 text-muted sm:w-auto">{label}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2 text-sm text-fg shadow-sm sm:max-w-[12rem] sm:flex-none"
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A labelled date input for a filter bar. */
export function FilterDate({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex w-full items-center gap-2 text-sm sm:w-auto">
      <span className="w-20 shrink-0 text-muted sm:w-auto">{label}</span>
      <input
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2 text-sm text-fg shadow-sm sm:flex-none"
      />
    </label>
  );
}
