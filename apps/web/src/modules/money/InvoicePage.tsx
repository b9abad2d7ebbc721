import { billOfSupplyNote, invoiceIntraState, lineTaxRates, taxTotals } from '@arena/contracts/money';
import { ArrowLeft, FileX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';
import { ApiError } from '../../lib/api';
import { useCrumbName } from '../../lib/crumbs';
import { useScreenTitle } from '../../lib/document-title';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useInvoice, type Invoice } from './api';
import { InvoiceActionButtons, InvoiceKindBadge, InvoiceStatusBadge } from './InvoiceActions';
import { moduleLabel, paiseOf, settlementOf, type Settlement } from './invoice-format';

const backLink = (
  <Link to="/accounts" className={buttonClass('ghost', 'sm', '-ml-2')}>
    <ArrowLeft size={15} aria-hidden /> Accounts
  </Link>
);

/** /accounts/:invoiceId: one invoice or credit note, laid out like the paper copy, with its PDF, receipt and e-mail. */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const id = /^\d+$/.test(invoiceId) ? Number(invoiceId) : null;
  const invoice = useInvoice(id);
  useScreenTitle(invoice.data?.number);
  useCrumbName(`/accounts/${invoiceId}`, invoice.data ? `${invoice.data.title} ${invoice.data.number}` : null);

  if (id === null || (invoice.error instanceof ApiError && invoice.error.status === 404))
    return (
      <div>
        {backLink}
        <Card className="mt-3">
          <EmptyState icon={FileX} title="Invoice not found">
            There is no invoice or credit note {id === null ? `“${invoiceId}”` : `with id ${id}`} in this organisation.
          </EmptyState>
        </Card>
      </div>
    );
  if (invoice.isPending)
    return (
      <div className="space-y-4" aria-busy="true">
        {backLink}
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-[32rem] w-full" />
      </div>
    );
  if (invoice.isError)
    return (
      <div className="space-y-3">
        {backLink}
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void invoice.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(invoice.error)}
        </Alert>
      </div>
    );
  return <InvoiceView invoice={invoice.data} />;
}

function Heading({ children }: { children: ReactNode }) {
  return <h2 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted">{children}</h2>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-6 py-0.5 sm:justify-end">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium tabular sm:min-w-[9rem] sm:text-right">{children}</dd>
    </div>
  );
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const credit = invoice.kind === 'credit_note';
  const taxed = !invoice.bill_of_supply;
  const due = paiseOf(invoice.due) > 0 && invoice.status !== 'cancelled';
  const settlement = settlementOf(invoice);
  // Credit notes or money given back: the totals show how the charge and the money settle.
  const settles = !credit && (settlement.credited > 0 || settlement.refunded > 0 || settlement.reversed > 0);

  return (
    <div className="space-y-4">
      {backLink}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
            {invoice.title} {invoice.number}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <InvoiceKindBadge kind={invoice.kind} />
            <InvoiceStatusBadge status={invoice.status} />
            <span>
              {moduleLabel(invoice.module)}
              {invoice.source.label && ` · ${invoice.source.label}`}
              {invoice.centre_name && ` · ${invoice.centre_name}`}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <InvoiceActionButtons invoice={invoice} size="sm" />
        </div>
      </div>

      {invoice.status === 'cancelled' && (
        <Alert tone="warning">
          {credit ? 'This credit note is cancelled.' : <CancelledNote invoice={invoice} settlement={settlement} />}
        </Alert>
      )}

      <Card className="overflow-hidden">
        <article aria-label={`${invoice.title} ${invoice.number}`} className="text-sm">
          {/* Seller, and the document's title, number and date — the top of the paper copy. */}
          <div className="grid gap-5 border-b border-line p-5 sm:grid-cols-2">
            <section aria-label="Seller">
              <p className="text-base font-semibold">{invoice.seller.name}</p>
              {invoice.seller.address && <p className="whitespace-pre-line text-muted">{invoice.seller.address}</p>}
              <dl className="mt-2 space-y-0.5">
                {invoice.seller.gstin && <SmallFact label="GSTIN">{invoice.seller.gstin}</SmallFact>}
                {invoice.seller.state && <SmallFact label="State">{invoice.seller.state}</SmallFact>}
                {invoice.seller.phone && <SmallFact label="Phone">{invoice.seller.phone}</SmallFact>}
                {invoice.seller.email && <SmallFact label="E-mail">{invoice.seller.email}</SmallFact>}
              </dl>
            </section>
            <section aria-label="Document" className="sm:text-right">
              <p className="text-lg font-semibold uppercase tracking-wide">{invoice.title}</p>
              <dl className="mt-2 space-y-0.5">
                <Fact label={credit ? 'Credit note no.' : 'Invoice no.'}>{invoice.number}</Fact>
                <Fact label="Date">{formatDate(invoice.date)}</Fact>
                {invoice.place_of_supply && <Fact label="Place of supply">{invoice.place_of_supply}</Fact>}
                {invoice.supplements && (
                  <Fact label="Supplementary invoice to">
                    <Link to={`/accounts/${invoice.supplements.id}`} className="text-accent-text hover:underline">
                      {invoice.supplements.number}
                    </Link>{' '}
                    <span className="font-normal text-muted">of {formatDate(invoice.supplements.date)}</span>
                  </Fact>
                )}
                {invoice.supplementary.map((sup) => (
                  <Fact key={sup.id} label="Supplementary invoice">
                    <Link to={`/accounts/${sup.id}`} className="text-accent-text hover:underline">
                      {sup.number}
                    </Link>{' '}
                    <span className="font-normal text-muted">of {formatDate(sup.date)}</span>
                  </Fact>
                ))}
                {invoice.against && (
                  <Fact label="Against invoice">
                    <Link to={`/accounts/${invoice.against.id}`} className="text-accent-text hover:underline">
                      {invoice.against.number}
                    </Link>{' '}
                    <span className="font-normal text-muted">of {formatDate(invoice.against.date)}</span>
                  </Fact>
                )}
              </dl>
            </section>
          </div>

          <section aria-label="Buyer" className="border-b border-line p-5">
            <Heading>Bill to</Heading>
            <p className="font-medium">{invoice.buyer.name || '—'}</p>
            {invoice.buyer.address && <p className="whitespace-pre-line text-muted">{invoice.buyer.address}</p>}
            <p className="text-muted">
              {[invoice.buyer.phone, invoice.buyer.email, invoice.buyer.gstin && `GSTIN ${invoice.buyer.gstin}`]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {credit && invoice.reason && <p className="mt-2">Reason: {invoice.reason}</p>}
          </section>

          <LinesTable invoice={invoice} />

          <div className="grid gap-5 border-t border-line p-5 sm:grid-cols-[1fr_auto]">
            <div className="space-y-1">
              <Heading>Amount in words</Heading>
              <p className="font-medium">{invoice.amount_in_words}</p>
              {invoice.bill_of_supply && <p className="pt-2 text-xs text-muted">Bill of supply. {billOfSupplyNote(invoice)}</p>}
            </div>
            <dl aria-label="Totals" className="min-w-[16rem] space-y-0.5">
              <Fact label={taxed ? 'Taxable value' : 'Value of supply'}>{formatMoney(invoice.taxable_value)}</Fact>
              {/* Each tax head per rate: CGST @ 2.5 %, SGST @ 2.5 % … (IGST @ 18 % across states). */}
              {taxTotals(invoice).map((t) => (
                <Fact key={t.label} label={t.label}>
                  {formatMoney(t.amount)}
                </Fact>
              ))}
              {paiseOf(invoice.round_off) !== 0 && <Fact label="Round off">{formatMoney(invoice.round_off)}</Fact>}
              <div className="mt-1 border-t border-line pt-1.5">
                <Fact label="Total">
                  <span className="text-base font-semibold">{formatMoney(invoice.total)}</span>
                </Fact>
              </div>
              {settles ? (
                <SettlementFacts invoice={invoice} settlement={settlement} />
              ) : (
                !credit && (
                  <>
                    <Fact label="Paid">{formatMoney(invoice.paid)}</Fact>
                    <Fact label="Due">
                      <span className={due ? 'text-danger-text' : 'text-muted'}>{formatMoney(invoice.due)}</span>
                    </Fact>
                  </>
                )
              )}
            </dl>
          </div>
        </article>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        {!credit && <PaymentsCard invoice={invoice} />}
        {!credit && <CreditNotesCard invoice={invoice} />}
      </div>
      <p className="text-xs text-muted">Issued {formatDateTime(invoice.created_at)}.</p>
    </div>
  );
}

const rupees = (paise: number) => formatMoney((paise / 100).toFixed(2));

/** The credit notes that reduce the invoice, each a link. */
function CreditNoteLinks({ invoice }: { invoice: Invoice }) {
  return (
    <>
      {invoice.credit_notes.map((c, i) => (
        <span key={c.id}>
          {i > 0 && ', '}
          <Link to={`/accounts/${c.id}`} className="font-medium text-accent-text hover:underline">
            {c.number}
          </Link>
        </span>
      ))}
    </>
  );
}

/**
 * The totals of an invoice that credit notes or money given back touch: the charge less the credit
 * notes, the money received less what went back, and what is still due or was paid beyond it.
 */
function SettlementFacts({ invoice, settlement: s }: { invoice: Invoice; settlement: Settlement }) {
  return (
    <>
      {s.credited > 0 && (
        <>
          <Fact label={`Less credit note${invoice.credit_notes.length === 1 ? '' : 's'}`}>−{rupees(s.credited)}</Fact>
          <Fact label="Net charged">{rupees(s.net)}</Fact>
        </>
      )}
      <div className="mt-1 border-t border-line pt-1.5">
        <Fact label="Received">{rupees(s.received)}</Fact>
        {s.refunded > 0 && <Fact label="Refunded">−{rupees(s.refunded)}</Fact>}
        {s.reversed > 0 && <Fact label="Reversed">−{rupees(s.reversed)}</Fact>}
        <Fact label="Paid (net)">{rupees(s.paid)}</Fact>
        <Fact label="Due">
          <span className={s.due > 0 && invoice.status !== 'cancelled' ? 'text-danger-text' : 'text-muted'}>{rupees(s.due)}</span>
        </Fact>
        {s.excess > 0 && <Fact label="Paid beyond the charge">{rupees(s.excess)}</Fact>}
      </div>
    </>
  );
}

/** What balances a cancelled invoice: its credit notes, the refunds, and any money kept. */
function CancelledNote({ invoice, settlement: s }: { invoice: Invoice; settlement: Settlement }) {
  return (
    <>
      This invoice is cancelled
      {s.credited > 0 ? (
        <>
          : credit note <CreditNoteLinks invoice={invoice} /> of {rupees(s.credited)} balances it
        </>
      ) : null}
      {s.refunded > 0 ? <>; {rupees(s.refunded)} was refunded</> : null}
      {s.excess > 0 ? <>; {rupees(s.excess)} paid is kept as the client&apos;s credit or still to refund</> : null}.
    </>
  );
}

function SmallFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium tabular">{children}</dd>
    </div>
  );
}

const th = 'whitespace-nowrap border-b border-line bg-subtle px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted';
const td = 'border-b border-line px-3 py-2 align-top';
const num = 'text-right tabular whitespace-nowrap';

/**
 * The lines, with the tax columns of a tax invoice (a bill of supply has none): each tax head's rate
 * ("CGST 2.5 %" over "SGST 2.5 %", or "IGST 18 %"; a 0 % line is "Nil rated"), then the heads it carries.
 */
function LinesTable({ invoice }: { invoice: Invoice }) {
  const taxed = !invoice.bill_of_supply;
  const nonZero = (amount: string) => paiseOf(amount) !== 0;
  const intra = invoiceIntraState(invoice);
  const split = taxed && (intra || invoice.lines.some((l) => nonZero(l.cgst) || nonZero(l.sgst)));
  const igst = taxed && (!intra || invoice.lines.some((l) => nonZero(l.igst)));
  const headers: [string, boolean][] = [
    ['#', false],
    ['Description', false],
    ['SAC/HSN', false],
    ['Qty', true],
    // The rate is the price agreed, GST included; the taxable value is without it.
    [taxed ? 'Rate (incl. GST)' : 'Rate', true],
    ['Discount', true],
    [taxed ? 'Taxable value (excl. GST)' : 'Value', true],
    ...(taxed ? ([['Tax rate', true]] as [string, boolean][]) : []),
    ...(split
      ? ([
          ['CGST', true],
          ['SGST', true],
        ] as [string, boolean][])
      : []),
    ...(igst ? ([['IGST', true]] as [string, boolean][]) : []),
    ['Amount', true],
  ];
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Invoice lines">
      <table className="w-full border-separate border-spacing-0 text-sm" aria-label="Lines">
        <thead>
          <tr>
            {headers.map(([h, right]) => (
              <th key={h} scope="col" className={`${th} ${right ? 'text-right' : 'text-left'}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={i}>
              <td className={`${td} text-muted tabular`}>{i + 1}</td>
              <td className={`${td} min-w-[12rem]`}>{l.description}</td>
              <td className={`${td} tabular`}>{l.sac_code || '—'}</td>
              <td className={`${td} ${num}`}>{Number(l.quantity)}</td>
              <td className={`${td} ${num}`}>{formatMoney(l.unit_price)}</td>
              <td className={`${td} ${num}`}>{paiseOf(l.discount) ? formatMoney(l.discount) : '—'}</td>
              <td className={`${td} ${num}`}>{formatMoney(l.taxable_value)}</td>
              {taxed && (
                <td className={`${td} ${num}`}>
                  {lineTaxRates(invoice, l).map((rate) => (
                    <div key={rate} className={l.gst_rate > 0 ? undefined : 'text-muted'}>
                      {rate}
                    </div>
                  ))}
                </td>
              )}
              {split && (
                <>
                  <td className={`${td} ${num}`}>{formatMoney(l.cgst)}</td>
                  <td className={`${td} ${num}`}>{formatMoney(l.sgst)}</td>
                </>
              )}
              {igst && <td className={`${td} ${num}`}>{formatMoney(l.igst)}</td>}
              <td className={`${td} ${num} font-medium`}>{formatMoney(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PaymentsCard({ invoice }: { invoice: Invoice }) {
  return (
    <Card className="p-4">
      <h2 className="mb-2 text-sm font-semibold">Payments received</h2>
      {invoice.payments.length === 0 ? (
        <p className="text-sm text-muted">No payments yet.</p>
      ) : (
        <ul className="divide-y divide-line rounded-md border border-line text-sm">
          {invoice.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span>
                {formatDate(p.date)} · {p.payment_mode_name || '—'}
                {p.kind && p.kind.toLowerCase() !== 'receipt' && <span className="text-muted"> · {p.kind}</span>}
                {p.reference && <span className="text-muted"> · {p.reference}</span>}
              </span>
              {/* A refund reads negative, in the danger colour. */}
              <span className={paiseOf(p.amount) < 0 ? 'font-medium tabular text-danger-text' : 'font-medium tabular'}>
                {formatMoney(p.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function CreditNotesCard({ invoice }: { invoice: Invoice }) {
  return (
    <Card className="p-4">
      <h2 className="mb-2 text-sm font-semibold">Credit notes against it</h2>
      {invoice.credit_notes.length === 0 ? (
        <p className="text-sm text-muted">None.</p>
      ) : (
        <ul className="divide-y divide-line rounded-md border border-line text-sm">
          {invoice.credit_notes.map((c) => (
            <li key={c.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span>
                <Link to={`/accounts/${c.id}`} className="font-medium text-accent-text hover:underline">
                  {c.number}
                </Link>{' '}
                · {formatDate(c.date)}
                {c.reason && <span className="text-muted"> · {c.reason}</span>}
              </span>
              <span className="font-medium tabular">{formatMoney(c.total)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
