import { ENTRY_TYPE_LABELS, type IncomeExpense } from '@arena/contracts/income-expense';
import { NOTE_DIALOG_CANCELLED, openNoteDialog } from '../../components/NoteDialog';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';

/** What a person calls an entry: its title, else "Expense of ₹800.00". */
export const entryName = (e: Pick<IncomeExpense, 'title' | 'type' | 'amount'>) =>
  e.title || `${ENTRY_TYPE_LABELS[e.type]} of ${formatMoney(e.amount)}`;

/**
 * Asks for the reason (the note dialog is also the confirmation) and undoes a movement with a
 * reversing one. Resolves true when it was reversed.
 */
export async function reverseWithReason({
  title,
  description,
  reverse,
  done,
}: {
  title: string;
  description: string;
  reverse: (reason: string) => Promise<unknown>;
  done: string;
}): Promise<boolean> {
  let reason: string;
  try {
    const note = await openNoteDialog({ type: 'note', title, description, label: 'Reason', maxLength: 500 });
    reason = note.text.trim();
  } catch (error) {
    if (error instanceof Error && error.message === NOTE_DIALOG_CANCELLED) return false;
    throw error;
  }
  try {
    await reverse(reason);
    notify.success(done);
    return true;
  } catch (error) {
    notify.error(errorMessage(error));
    return false;
  }
}
