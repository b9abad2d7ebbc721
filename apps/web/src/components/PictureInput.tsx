import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { OrgAvatar } from './Avatar';

const MAX_BYTES = 2 * 1024 * 1024;
export const PICTURE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** Picks an image (PNG, JPEG, GIF or WebP, at most 2 MB), shows a preview, and can remove it. */
export function PictureInput({
  label,
  name,
  file,
  currentUrl,
  onChange,
  onRemove,
  error,
  onError,
}: {
  label: string;
  name?: string | null;
  file: File | null;
  currentUrl?: string | null;
  onChange: (file: File | null) => void;
  onRemove?: () => void;
  error?: string | null;
  onError: (message: string | null) => void;
}) {
  const id = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? currentUrl ?? null;
  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium">{label}</span>
      <div className="flex items-center gap-4">
        <OrgAvatar name={name} picture={shown} size="lg" />
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={id}
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-line-strong bg-surface px-3 text-sm font-medium shadow-sm hover:bg-subtle focus-within:ring-2 focus-within:ring-accent/40"
          >
            <ImagePlus size={16} aria-hidden /> {shown ? 'Change picture' : 'Upload picture'}
            <input
              id={id}
              type="file"
              accept={PICTURE_TYPES}
              className="sr-only"
              onChange={(e) => {
                const picked = e.target.files?.[0] ?? null;
                e.target.value = '';
                if (!picked) return;
                if (!PICTURE_TYPES.split(',').includes(picked.type)) return onError('Use a PNG, JPEG, GIF or WebP image.');
                if (picked.size > MAX_BYTES) return onError('The picture must be at most 2 MB.');
                onError(null);
                onChange(picked);
              }}
            />
          </label>
          {shown && (
            <button
              type="button"
              onClick={() => (file ? onChange(null) : onRemove?.())}
              className="inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-danger-text hover:bg-danger-soft"
            >
              <Trash2 size={16} aria-hidden /> Remove
            </button>
          )}
        </div>
      </div>
      <p className="mt-2 text-xs text-muted">PNG, JPEG, GIF or WebP, up to 2 MB.</p>
      {error && <p className="mt-1 text-xs font-medium text-danger-text">{error}</p>}
    </div>
  );
}
