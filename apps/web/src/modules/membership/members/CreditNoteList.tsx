import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/format';

export interface CreditNoteRef {
  id: number;
  number: string;
  date: string;
  total: string;
}

/** The credit notes against a sale's invoice, each a link to the document; nothing when there are none. */
export function CreditNoteList({ notes, label }: { notes: readonly CreditNoteRef[]; label?: (note: CreditNoteRef) => string }) {
  if (notes.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm" aria-label="Credit notes">
      {notes.map((c) => (
        <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2">
          <span>
            <span className="text-muted">Credit note </span>
            <Link to={`/accounts/${c.id}`} className="font-medium tabular text-accent-text hover:underline">
              {c.number}
            </Link>
            <span className="text-muted">
              {' '}
              · {formatDate(c.date)}
              {label && ` · ${label(c)}`}
            </span>
          </span>
          <span className="font-medium tabular">−{formatMoney(c.total)}</span>
        </li>
      ))}
    </ul>
  );
}
