import { useState } from 'react';

/**
 * The text of a control whose value is not the text itself (a number, a date): the text follows
 * the value when the value changes from outside (a reset, a computed default), and is left alone
 * while it still reads as the current value (so "1." or "01" is not rewritten under the cursor).
 */
export function useDraftText<V>(
  value: V,
  format: (value: V) => string,
  parse: (text: string) => V,
  same: (a: V, b: V) => boolean = Object.is,
) {
  const [draft, setDraft] = useState(() => ({ value, text: format(value) }));
  if (!same(draft.value, value)) {
    const text = same(parse(draft.text), value) ? draft.text : format(value);
    setDraft({ value, text });
    return [text, (text: string) => setDraft({ value: parse(text), text })] as const;
  }
  return [draft.text, (text: string) => setDraft({ value: parse(text), text })] as const;
}
