import { MEMBER_STATUS_LABELS, MEMBERSHIP_STATUS_LABELS, type MemberStatus, type MembershipStatus } from '@arena/contracts/membership';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * Status colours of members and memberships: active green, expiring amber, expired red, frozen
 * blue, inactive (and cancelled) grey, upcoming blue. The shared Badge has no amber tone, so the
 * badge here has the same shape with the theme's warning colours added.
 */
export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const TONES: Record<StatusTone, string> = {
  success: 'bg-success-soft text-success ring-success/25',
  warning: 'bg-warning-soft text-warning-text ring-warning-text/30',
  danger: 'bg-danger-soft text-danger-text ring-danger/25',
  info: 'bg-accent-soft text-accent-text ring-accent/25',
  neutral: 'bg-subtle text-muted ring-line-strong',
};

export const MEMBER_STATUS_TONE: Record<MemberStatus, StatusTone> = {
  active: 'success',
  expiring: 'warning',
  expired: 'danger',
  frozen: 'info',
  inactive: 'neutral',
};

export const MEMBERSHIP_STATUS_TONE: Record<MembershipStatus, StatusTone> = {
  upcoming: 'info',
  active: 'success',
  expiring: 'warning',
  expired: 'danger',
  frozen: 'info',
  cancelled: 'neutral',
};

export function StatusPill({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A member's status (derived by the server from the memberships). */
export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  return <StatusPill tone={MEMBER_STATUS_TONE[status] ?? 'neutral'}>{MEMBER_STATUS_LABELS[status] ?? status}</StatusPill>;
}

/** A membership's (or a member service's) status. */
export function MembershipStatusBadge({ status }: { status: MembershipStatus }) {
  return <StatusPill tone={MEMBERSHIP_STATUS_TONE[status] ?? 'neutral'}>{MEMBERSHIP_STATUS_LABELS[status] ?? status}</StatusPill>;
}

/** The filter options of a member's status. */
export const MEMBER_STATUS_OPTIONS = (Object.keys(MEMBER_STATUS_LABELS) as MemberStatus[]).map((s) => ({
  value: s,
  label: MEMBER_STATUS_LABELS[s],
}));
