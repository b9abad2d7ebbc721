import { clsx } from 'clsx';
import { Paperclip, X } from 'lucide-react';
import { useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Bind, type Binding, type ControlProps } from './binding';
import { describedBy, FieldFrame, type FieldProps } from './Field';

interface FileOwnProps {
  /** The file types offered, as the input's `accept` ("image/*", ".csv,.xlsx"). */
  accept?: string;
}
export type FileFieldProps<F extends FieldValues> = FieldProps & FileOwnProps & Binding<F, File | null>;

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A labelled file picker showing the chosen file's name and size, with a button to clear it; the value is the File or null. */
export function FileField<F extends FieldValues>(props: FileFieldProps<F>) {
  return <Bind binding={props} render={(f) => <FileControl {...props} {...f} />} />;
}

function FileControl({
  id,
  name,
  value,
  onChange,
  onBlur,
  error,
  ref,
  label,
  labelDisplay,
  hint,
  required,
  disabled,
  className,
  accept,
}: ControlProps<FieldProps & FileOwnProps, File | null>) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <FieldFrame id={id} label={label} labelDisplay={labelDisplay} required={required} hint={hint} error={error} className={className}>
      <div
        className={clsx(
          'flex min-h-10 items-center gap-2 rounded-md border bg-surface px-2 py-1 shadow-sm',
          'focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30',
          error ? 'border-danger' : 'border-line-strong',
        )}
      >
        <input
          ref={(el) => {
            input.current = el;
            if (typeof ref === 'function') ref(el);
          }}
          id={id}
          name={name}
          type="file"
          accept={accept}
          disabled={disabled}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, error, hint)}
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
    </FieldFrame>
  );
}
