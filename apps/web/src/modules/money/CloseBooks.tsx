import { closeBooksInputSchema } from '@arena/contracts/money';
import { closeBooksEndpoints } from '@arena/contracts/money/routes';
import { z } from '@arena/contracts/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { DateField } from '../../components/form';
import { DialogForm } from '../../components/FormDialog';
import { call } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { requestSchema, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useAuth } from '../../state/auth';
import { invoiceKeys } from './api';

const booksKey = [...invoiceKeys.all, 'close-books'] as const;
const schema = requestSchema(z.object({ books_locked_until: z.string() }), closeBooksInputSchema, (v, issue) => {
  if (!v.books_locked_until) issue('books_locked_until', 'Choose the last day to close.');
  return { books_locked_until: v.books_locked_until || null };
});

/**
 * Accounts › Close books: the day up to which nothing may be recorded (usually the end of the last
 * filed month). Everyone with Accounts sees it; the owner closes and reopens.
 */
export function CloseBooks() {
  const isOwner = useAuth((s) => s.user?.is_owner === true);
  const client = useQueryClient();
  const books = useQuery({ queryKey: booksKey, queryFn: () => call(closeBooksEndpoints.retrieve) });
  const save = useMutation({
    mutationFn: (books_locked_until: string | null) => call(closeBooksEndpoints.update, { body: { books_locked_until } }),
    onSuccess: (data) => client.setQueryData(booksKey, data),
  });
  const [open, setOpen] = useState(false);
  const locked = books.data?.books_locked_until ?? null;

  return (
    <>
      {locked && (
        <span className="inline-flex items-center gap-1.5 text-sm text-muted">
          <Lock size={14} aria-hidden />
          Books closed up to {formatDate(locked)}
        </span>
      )}
      {isOwner && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <Lock size={16} aria-hidden />
          Close books
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Close books"
        description="Nothing can be recorded on or before this day: no receipt, refund, expense, reversal, invoice or credit note. Usually the last day of the last month you filed. A cancellation after it credits in the open period."
        size="md"
      >
        {open && (
          <CloseBooksForm
            locked={locked}
            onSave={async (day) => {
              const after = await save.mutateAsync(day);
              notify.success(
                after.books_locked_until
                  ? `The books are closed up to ${formatDate(after.books_locked_until)}.`
                  : 'The books are open again.',
              );
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </Dialog>
    </>
  );
}

function CloseBooksForm({
  locked,
  onSave,
  onCancel,
}: {
  locked: string | null;
  onSave: (day: string | null) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(schema, { defaultValues: { books_locked_until: locked ?? '' } });
  const [reopening, setReopening] = useState(false);
  return (
    <DialogForm
      form={form}
      onSubmit={(input) => onSave(input.books_locked_until)}
      onCancel={onCancel}
      submitLabel="Close books"
      pendingLabel="Closing…"
    >
      <DateField control={form.control} name="books_locked_until" label="Close books up to" required max={todayIso()} />
      {locked && (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-line p-3 text-sm">
          <span className="text-muted">Closed up to {formatDate(locked)} now. Reopen to record in that period again.</span>
          <Button
            variant="secondary"
            disabled={reopening}
            onClick={async () => {
              setReopening(true);
              try {
                await onSave(null);
              } finally {
                setReopening(false);
              }
            }}
          >
            <LockOpen size={16} aria-hidden />
            {reopening ? 'Reopening…' : 'Reopen books'}
          </Button>
        </div>
      )}
    </DialogForm>
  );
}
