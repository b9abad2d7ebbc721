import { CalendarClock } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';

/** Spec 2.5's portal arrives with the booking module; until then the address answers honestly. */
export default function OnlineBookingPage() {
  return (
    <main className="flex min-h-full items-center justify-center bg-canvas px-4">
      <div className="w-full max-w-lg rounded-xl border border-line bg-surface shadow-sm">
        <h1 className="border-b border-line px-6 py-4 text-lg font-semibold">Online Booking Portal</h1>
        <EmptyState icon={CalendarClock} title="Online booking is not available yet">
          Booking time slots online will open here soon. Please contact the centre to book meanwhile.
        </EmptyState>
      </div>
    </main>
  );
}
