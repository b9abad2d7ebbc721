import { useState } from 'react';
import { createStore, useStore } from '../lib/store';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** Spec 4/5: the note dialog, opened as a promise. */
export type NoteDialogOptions =
  | { type: 'note'; title: string; description?: string; maxLength?: number; label?: string; initialText?: string }
  | { type: 'option'; title: string; description?: string; options: { value: string; label: string }[]; label?: string };

export type NoteDialogResult = { text: string; status: true } | { selectedOption: string; status: true };

export const NOTE_DIALOG_CANCELLED = 'Modal closed or cancelled';
export const DEFAULT_NOTE_LIMIT = 500;

interface Pending {
  id: number;
  options: NoteDialogOptions;
  resolve: (result: NoteDialogResult) => void;
  reject: (error: Error) => void;
}
const store = createStore<{ pending: Pending | null }>({ pending: null });
let nextId = 1;

/** Resolves with {text, status:true} or {selectedOption, status:true}; rejects with 'Modal closed or cancelled'. */
export function openNoteDialog(options: Extract<NoteDialogOptions, { type: 'note' }>): Promise<{ text: string; status: true }>;
export function openNoteDialog(options: Extract<NoteDialogOptions, { type: 'option' }>): Promise<{ selectedOption: string; status: true }>;
export function openNoteDialog(options: NoteDialogOptions): Promise<NoteDialogResult> {
  store.get().pending?.reject(new Error(NOTE_DIALOG_CANCELLED));
  return new Promise<NoteDialogResult>((resolve, reject) => store.set({ pending: { id: nextId++, options, resolve, reject } }));
}

export function NoteDialogHost() {
  const pending = useStore(store, (s) => s.pending);
  if (!pending) return null;
  return <NoteDialogView key={pending.id} pending={pending} />;
}

function NoteDialogView({ pending }: { pending: Pending }) {
  const { options } = pending;
  const limit = options.type === 'note' ? (options.maxLength ?? DEFAULT_NOTE_LIMIT) : 0;
  const [text, setText] = useState(options.type === 'note' ? (options.initialText ?? '') : '');
  const [selected, setSelected] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    store.set({ pending: null });
    pending.reject(new Error(NOTE_DIALOG_CANCELLED));
  };
  const submit = () => {
    if (options.type === 'note') {
      if (!text.trim()) return setError('Note is required');
      if (text.length > limit) return setError(`Note cannot exceed ${limit} characters`);
      store.set({ pending: null });
      pending.resolve({ text, status: true });
    } else {
      if (!selected) return setError('Please select an option');
      store.set({ pending: null });
      pending.resolve({ selectedOption: selected, status: true });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={options.title}
      description={options.description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit}>Submit</Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {options.type === 'note' ? (
          <div>
            <label htmlFor="note-dialog-text" className="mb-1.5 block text-sm font-medium">
              {options.label ?? 'Note'}
            </label>
            <textarea
              id="note-dialog-text"
              rows={5}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby="note-dialog-counter note-dialog-error"
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              className="block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-sm shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
            />
            <div className="mt-1.5 flex justify-between gap-2 text-xs">
              <p id="note-dialog-error" className="font-medium text-danger-text">
                {error}
              </p>
              <p id="note-dialog-counter" className={text.length > limit ? 'text-danger-text tabular' : 'text-muted tabular'}>
                {text.length}/{limit}
              </p>
            </div>
          </div>
        ) : (
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{options.label ?? 'Choose an option'}</legend>
            <div className="space-y-1.5">
              {options.options.map((o) => (
                <label
                  key={o.value}
                  className="flex cursor-pointer items-center gap-2.5 rounded-md border border-line px-3 py-2 text-sm hover:bg-subtle"
                >
                  <input
                    type="radio"
                    name="note-dialog-option"
                    value={o.value}
                    checked={selected === o.value}
                    onChange={() => {
                      setSelected(o.value);
                      setError(null);
                    }}
                    className="accent-[var(--color-accent)]"
                  />
                  {o.label}
                </label>
              ))}
            </div>
            {error && <p className="mt-1.5 text-xs font-medium text-danger-text">{error}</p>}
          </fieldset>
        )}
      </form>
    </Dialog>
  );
}
