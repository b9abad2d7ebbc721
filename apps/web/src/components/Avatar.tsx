import { clsx } from 'clsx';

/** An organisation picture, or the first letter of its name (spec 2.4). */
export function OrgAvatar({
  name,
  picture,
  size = 'md',
  className,
}: {
  name?: string | null;
  picture?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const dims = size === 'sm' ? 'h-8 w-8 text-sm' : size === 'lg' ? 'h-16 w-16 text-2xl' : 'h-10 w-10 text-base';
  if (picture)
    return (
      <img
        src={picture}
        alt={name ? `${name} logo` : 'Organisation logo'}
        className={clsx('shrink-0 rounded-md object-cover', dims, className)}
      />
    );
  return (
    <div
      aria-hidden="true"
      className={clsx('flex shrink-0 items-center justify-center rounded-md bg-side font-semibold text-white', dims, className)}
    >
      {(name?.trim()?.charAt(0) || 'A').toUpperCase()}
    </div>
  );
}
