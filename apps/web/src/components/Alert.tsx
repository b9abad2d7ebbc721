import { clsx } from 'clsx';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';
const tones: Record<Tone, string> = {
  error: 'bg-danger-soft text-danger-text border-danger/30',
  success: 'bg-success-soft text-success border-success/30',
  info: 'bg-accent-soft text-accent-text border-accent/30',
  warning: 'bg-warning-soft text-warning-text border-warning-text/30',
};

/** An inline message; errors are announced (role=alert), the rest politely (role=status). */
export function Alert({
  tone = 'error',
  children,
  className,
  action,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
  action?: ReactNode;
}) {
  const Icon = tone === 'error' || tone === 'warning' ? AlertCircle : tone === 'success' ? CheckCircle2 : Info;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx('flex items-start gap-2.5 rounded-md border px-3 py-2.5 text-sm', tones[tone], className)}
    >
      <Icon size={16} className="mt-0.5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 whitespace-pre-line">{children}</div>
      {action}
    </div>
  );
}
