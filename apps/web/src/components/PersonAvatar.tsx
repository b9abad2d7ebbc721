import { clsx } from 'clsx';
import { useState } from 'react';

const SIZES = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm', lg: 'h-16 w-16 text-xl', xl: 'h-20 w-20 text-2xl' } as const;

/** "Asha Rao" → "AR"; "asha" → "A". */
export const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';

/** A person's photo (a member, a staff member), or their initials on a soft circle when there is none (or it does not load). */
export function PersonAvatar({
  name,
  photo,
  size = 'sm',
  className,
}: {
  name: string;
  photo?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (photo && broken !== photo)
    return (
      <img
        src={photo}
        alt={`Photo of ${name}`}
        onError={() => setBroken(photo)}
        className={clsx('shrink-0 rounded-full object-cover ring-1 ring-line', SIZES[size], className)}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent-text ring-1 ring-accent/20',
        SIZES[size],
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
