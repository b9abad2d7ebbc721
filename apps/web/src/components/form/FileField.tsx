import { clsx } from 'clsx';
import { Paperclip, X } from 'lucide-react';
import { useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import type { FieldProps } from './Field';
import { FieldWrapper, type FieldControl } from './FieldWrapper';

interface FileOwnProps {
  /** The file types offered, as the input's `accept` ("image/*", ".csv,.xlsx"). */
  accept?: string;
}
export type FileFieldProps<F extends FieldValues> = FieldProps & FileOwnProps & Binding<F, File | null>;

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A labelled file picker showing the chosen file's name and size, with a button to clear it; the value is the File or null. */
export function FileField<F extends FieldValues>(props: FileFieldProps<F>) {
  return <FieldWrapper field={props}>{(f) => <FileInput f={f} accept={props.accept} />}</FieldWrapper>;
}

function FileInput({ f: { input: attrs, value, onChange, error }, accept }: { f: FieldControl<File | null> } & FileOwnProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const { ref, ...rest } = attrs;
  return (
    <div
      className={clsx(
        'flex min-h-10 items-center gap-2 rounded-md border bg-surface px-2 py-1 shadow-sm',
        'focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30',
        error ? 'border-danger' : 'border-line-strong',
      )}
    >
      <input
        {...rest}
        ref={(el) => {
          input.current = el;
          if (typeof ref === 'function') (ref as (el: HTMLInputElement | null) => void)(el);
        }}
        type="file"
        accept={accept}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className="min-w-0 flex-1 text-sm text-muted file:mr-3 file:rounded file:border-0 file:bg-subtle file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-fg hover:file:bg-line"
      />
      {value && (
        <>
          <span className="hidden items-center gap-1 text-xs text-muted sm:flex">
            <Paperclip size={12} aria-hidden />
            {size(value.size)}
          </span>
          <button
            type="button"
            aria-label={`Remove ${value.name}`}
            className="rounded p-1 text-muted hover:bg-subtle hover:text-fg"
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
          >
            <X size={14} aria-hidden />
          </button>
        </>
      )}
    </div>
  );
}
