import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type MarkTone = 'success' | 'danger' | 'warning' | 'info';
const PRESSED: Record<MarkTone, string> = {
  success: 'border-success bg-success text-surface',
  danger: 'border-danger bg-danger text-white',
  warning: 'border-warning-text bg-warning-text text-surface',
  info: 'border-accent bg-accent text-white',
};

/**
 * A big one-tap mark of a register (a roll call's Present/Absent, a staff day's
 * Present/Half day/Leave/Absent): a button with `aria-pressed`, filled in its tone when pressed.
 */
export function MarkToggle({
  label,
  pressed,
  tone,
  disabled,
  compact = false,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  tone: MarkTone;
  disabled?: boolean;
  /** Narrower, for four marks side by side. */
  compact?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={clsx(
        'inline-flex h-11 items-center justify-center gap-1.5 rounded-md border text-sm font-semibold transition-colors',
        compact ? 'min-w-[5.5rem] px-3' : 'min-w-[7rem] px-4',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60',
        pressed ? PRESSED[tone] : 'border-line-strong bg-surface text-fg hover:bg-subtle',
      )}
    >
      {children}
    </button>
  );
}
