import { bookingContactSchema } from '@arena/contracts/booking';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { formatDate, formatMoney } from '../../lib/format';
import { phoneFieldText } from '../../lib/phone';
import { slotLabel, totalOf, type PickedSlot } from './slots';

export interface Contact {
  name: string;
  email: string;
  mobile_no: string;
}
export type ContactErrors = Partial<Record<keyof Contact, string>>;

/** The first message of each field, with the spec's section-5 texts (from the shared schema). */
export function validateContact(values: Contact): { data?: Contact; errors: ContactErrors } {
  const parsed = bookingContactSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Contact;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** Spec 2.5: 'Confirm Your Booking' — the visitor's contact details and what they are booking. */
export function ConfirmBookingDialog({
  open,
  onOpenChange,
  centreName,
  facilityName,
  date,
  slots,
  processing,
  serverError,
  onConfirm,
  payOnline = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  centreName: string;
  facilityName: string;
  date: string;
  slots: PickedSlot[];
  processing: boolean;
  serverError: string | null;
  /** Resolves with the server's field errors, if it refused the contact details. */
  onConfirm: (contact: Contact) => Promise<ContactErrors | undefined>;
  /** The facility takes the price online first (issue 23): the visitor goes on to the payment page. */
  payOnline?: boolean;
}) {
  const [values, setValues] = useState<Contact>({ name: '', email: '', mobile_no: '' });
  const [errors, setErrors] = useState<ContactErrors>({});

  const edit = (field: keyof Contact, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Spec 5: each field's error clears as the user edits that field.
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const errorOf = (field: keyof Contact) => errors[field];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (processing) return;
    const result = validateContact(values);
    setErrors(result.errors);
    if (!result.data) return;
    const refused = await onConfirm(result.data);
    if (refused) setErrors(refused);
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !processing && onOpenChange(o)} title="Confirm Your Booking" size="md">
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Full Name"
            autoComplete="name"
            className="sm:col-span-2"
            value={values.name}
            onChange={(e) => edit('name', e.target.value)}
            error={errorOf('name')}
            required
          />
          <TextField
            label="Email Address"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(e) => edit('email', e.target.value)}
            error={errorOf('email')}
            required
          />
          <TextField
            label="Phone Number"
            type="tel"
            autoComplete="tel-national"
            inputMode="numeric"
            placeholder="10-digit mobile number"
            value={values.mobile_no}
            onChange={(e) => edit('mobile_no', phoneFieldText(e.target.value))}
            error={errorOf('mobile_no')}
            required
          />
        </div>

        <section aria-label="Booking details" className="rounded-lg border border-line bg-subtle/50 p-4 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
            <dt className="text-muted">Center</dt>
            <dd className="text-right font-medium">{centreName}</dd>
            <dt className="text-muted">Facility</dt>
            <dd className="text-right font-medium">{facilityName}</dd>
            <dt className="text-muted">Date</dt>
            <dd className="text-right font-medium">{formatDate(date)}</dd>
            <dt className="text-muted">Slots</dt>
            <dd className="text-right font-medium tabular">{slots.length}</dd>
          </dl>
          <ul className="mt-3 space-y-1 border-t border-line pt-3">
            {slots.map((s) => (
              <li key={s.key} className="flex justify-between gap-4 tabular">
                <span>{slotLabel(s)}</span>
                <span>{formatMoney(s.price)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex justify-between gap-4 border-t border-line pt-3 text-base font-semibold">
            <span>Total</span>
            <span className="tabular">{formatMoney(totalOf(slots))}</span>
          </div>
        </section>

        {payOnline && (
          <Alert tone="info">
            This facility is paid online. Your slots are held for 10 minutes while you pay; the booking is confirmed once the payment
            succeeds.
          </Alert>
        )}

        <div className="-mx-5 -mb-4 flex justify-end gap-2 border-t border-line px-5 py-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={processing}>
            Cancel
          </Button>
          <Button type="submit" disabled={processing}>
            {processing ? 'Processing...' : payOnline ? `Pay ${formatMoney(totalOf(slots))}` : 'Confirm Booking'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
