import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type Tone = 'success' | 'neutral' | 'danger' | 'info';
const tones: Record<Tone, string> = {
  success: 'bg-success-soft text-success ring-success/25',
  neutral: 'bg-subtle text-muted ring-line-strong',
  danger: 'bg-danger-soft text-danger-text ring-danger/25',
  info: 'bg-accent-soft text-accent-text ring-accent/25',
};

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={clsx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone])}>
      {children}
    </span>
  );
}
