/** One choice of a select: `value` is what the form holds (text, as a native select gives it). */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A lookup's `{id, name}` rows (lib/lookups) as select options. */
export const optionsOf = (items: readonly { id: number | string; name: string }[] | undefined): SelectOption[] =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/** Above this many options a select becomes a searchable combobox. */
export const SEARCHABLE_AFTER = 10;
