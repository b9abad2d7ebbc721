import { AlertTriangle, CalendarOff, RotateCw } from 'lucide-react';
import { OrgAvatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import type { PublicOrganisation } from './api';

/** Spec 2.5: the organisation's name and picture (or first letter, or a default initial). */
export function PortalHeader({ organisation, loading }: { organisation?: PublicOrganisation; loading: boolean }) {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6">
        {loading ? (
          <Skeleton className="h-10 w-10 rounded-md" />
        ) : (
          <OrgAvatar name={organisation?.display_name} picture={organisation?.display_picture} />
        )}
        <div className="min-w-0">
          {loading ? (
            <Skeleton className="h-5 w-40" />
          ) : (
            <p className="truncate text-base font-semibold leading-tight">{organisation?.display_name ?? ''}</p>
          )}
          <h1 className="text-sm text-muted">Online Booking Portal</h1>
        </div>
      </div>
    </header>
  );
}

/** Spec 2.5 footer: a copyright line with the organisation's name and a Contact Support link. */
export function PortalFooter({ organisation }: { organisation?: PublicOrganisation }) {
  const name = organisation?.display_name ?? '';
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm text-muted sm:px-6">
        <p>
          © {new Date().getFullYear()} {name}. All rights reserved.
        </p>
        <a
          href={organisation?.email ? `mailto:${organisation.email}` : '/contact'}
          className="font-medium text-accent-text hover:underline"
        >
          Contact Support
        </a>
      </div>
    </footer>
  );
}

/** Spec 2.5/8: a load failure shows the message, 'Please try again or contact support.' and Retry. */
export function PortalError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-danger/30 bg-danger-soft px-6 py-10 text-center">
      <AlertTriangle size={28} className="mb-3 text-danger-text" aria-hidden />
      <p className="font-semibold text-danger-text">{message}</p>
      <p className="mt-1 text-sm text-danger-text/90">Please try again or contact support.</p>
      {onRetry && (
        <Button variant="secondary" className="mt-5" onClick={onRetry}>
          <RotateCw size={15} aria-hidden /> Retry
        </Button>
      )}
    </div>
  );
}

/**
 * Issue 23 §2: an organisation read-only past its subscription's grace takes no online bookings;
 * the portal says so instead of offering slots it would refuse (402).
 */
export function PortalPaused({ organisation }: { organisation: PublicOrganisation }) {
  return (
    <div role="status" className="flex flex-col items-center rounded-xl border border-line bg-surface px-6 py-12 text-center">
      <CalendarOff size={30} className="mb-3 text-muted" aria-hidden />
      <h2 className="text-lg font-semibold">Online bookings are paused</h2>
      <p className="mt-1 max-w-md text-sm text-muted">
        {organisation.display_name} is not taking online bookings right now. Please contact the centre to book a slot.
      </p>
      {organisation.email && (
        <a href={`mailto:${organisation.email}`} className="mt-4 font-medium text-accent-text hover:underline">
          {organisation.email}
        </a>
      )}
    </div>
  );
}
