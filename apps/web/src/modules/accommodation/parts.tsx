import type { RoomStatus, StayStatus } from '@arena/contracts/accommodation';
import { Badge } from '../../components/Badge';
import { formatDate } from '../../lib/format';

export const STAY_STATUS_LABELS: Record<StayStatus, string> = {
  reserved: 'Reserved',
  checked_in: 'Checked in',
  checked_out: 'Checked out',
  cancelled: 'Cancelled',
};
export const STAY_STATUS_OPTIONS = Object.entries(STAY_STATUS_LABELS).map(([value, label]) => ({ value, label }));
const STAY_TONES = { reserved: 'info', checked_in: 'success', checked_out: 'neutral', cancelled: 'danger' } as const;
export function StayStatusBadge({ status }: { status: StayStatus }) {
  return <Badge tone={STAY_TONES[status]}>{STAY_STATUS_LABELS[status]}</Badge>;
}

export const ROOM_STATUS_LABELS: Record<RoomStatus, string> = { available: 'Available', maintenance: 'Maintenance', closed: 'Closed' };
export const ROOM_STATUS_OPTIONS = Object.entries(ROOM_STATUS_LABELS).map(([value, label]) => ({ value, label }));
const ROOM_TONES = { available: 'success', maintenance: 'danger', closed: 'neutral' } as const;
export function RoomStatusBadge({ status }: { status: RoomStatus }) {
  return <Badge tone={ROOM_TONES[status]}>{ROOM_STATUS_LABELS[status]}</Badge>;
}

export const RATE_BASIS_LABELS = { nightly: 'Nightly', monthly: 'Monthly' } as const;
export const RATE_BASIS_OPTIONS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'nightly', label: 'Nightly' },
];

/** "12 Dec 2026 → 14 Dec 2026 · 2 nights" (check-out is the day the resident leaves). */
export const stayDates = (s: { check_in: string; check_out: string; nights?: number }) =>
  `${formatDate(s.check_in)} → ${formatDate(s.check_out)}${s.nights !== undefined ? ` · ${s.nights} ${s.nights === 1 ? 'night' : 'nights'}` : ''}`;

/** "A-101 · bed 2" */
export const bedText = (room: string, bed: number) => `${room} · bed ${bed}`;
