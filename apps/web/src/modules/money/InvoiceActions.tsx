import { invoiceEmailInputSchema, type InvoiceKind, type InvoiceStatus } from '@arena/contracts/money';
import { Download, Mail, MoreHorizontal, Printer, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/form';
import { DialogForm } from '../../components/FormDialog';
import { Menu, MenuItem } from '../../components/Menu';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { downloadInvoicePdf, openInvoicePdf, useEmailInvoice, useInvoice, type Invoice, type PdfLayout } from './api';
import { KIND_LABELS, STATUS_TONE, statusLabel } from './invoice-format';

/** What the actions need of an invoice: its id and number (a list row, a booking's invoice, the invoice itself). */
export interface InvoiceRef {
  id: number;
  number: string;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}

export function InvoiceKindBadge({ kind }: { kind: InvoiceKind }) {
  return <Badge tone={kind === 'credit_note' ? 'info' : 'neutral'}>{KIND_LABELS[kind] ?? kind}</Badge>;
}

/** Print (A4 or receipt in a new tab) and Download PDF, each with a toast when it fails. */
export function useInvoicePdf(invoice: InvoiceRef) {
  const [busy, setBusy] = useState<'print' | 'receipt' | 'download' | null>(null);
  const run = async (what: NonNullable<typeof busy>, action: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return {
    busy,
    print: (layout: PdfLayout = 'a4') => void run(layout === 'receipt' ? 'receipt' : 'print', () => openInvoicePdf(invoice.id, layout)),
    download: () =>
      void run('download', async () => {
        const name = await downloadInvoicePdf(invoice);
        notify.success(`Saved ${name}`);
      }),
  };
}

/**
 * The invoice's actions as buttons: Print, Receipt (80 mm), Download PDF and Email. `receipt`
 * leaves the receipt out where the screen is short of room (the booking's details).
 */
export function InvoiceActionButtons({
  invoice,
  receipt = true,
  size = 'sm',
}: {
  invoice: InvoiceRef;
  receipt?: boolean;
  size?: 'sm' | 'md';
}) {
  const pdf = useInvoicePdf(invoice);
  const [emailing, setEmailing] = useState(false);
  return (
    <>
      <Button size={size} variant="secondary" onClick={() => pdf.print('a4')} disabled={pdf.busy === 'print'}>
        <Printer size={15} aria-hidden /> Print
      </Button>
      {receipt && (
        <Button size={size} variant="secondary" onClick={() => pdf.print('receipt')} disabled={pdf.busy === 'receipt'}>
          <Receipt size={15} aria-hidden /> Receipt
        </Button>
      )}
      <Button size={size} variant="secondary" onClick={pdf.download} disabled={pdf.busy === 'download'} aria-busy={pdf.busy === 'download'}>
        <Download size={15} aria-hidden /> Download PDF
      </Button>
      <Button size={size} variant="secondary" onClick={() => setEmailing(true)}>
        <Mail size={15} aria-hidden /> Email
      </Button>
      <EmailInvoiceDialog invoice={emailing ? invoice : null} onClose={() => setEmailing(false)} />
    </>
  );
}

/** A list row's other actions in a menu named after the row: Print, Receipt, Download PDF, Email. */
export function InvoiceActionMenu({ invoice, onEmail }: { invoice: InvoiceRef; onEmail: (invoice: InvoiceRef) => void }) {
  const pdf = useInvoicePdf(invoice);
  return (
    <Menu
      heading={invoice.number}
      trigger={
        <Button size="sm" variant="ghost" aria-label={`More actions for ${invoice.number}`} title="Print, receipt, PDF, e-mail">
          <MoreHorizontal size={16} aria-hidden />
        </Button>
      }
    >
      <MenuItem onSelect={() => pdf.print('a4')}>
        <Printer size={15} aria-hidden /> Print
      </MenuItem>
      <MenuItem onSelect={() => pdf.print('receipt')}>
        <Receipt size={15} aria-hidden /> Receipt
      </MenuItem>
      <MenuItem onSelect={pdf.download}>
        <Download size={15} aria-hidden /> Download PDF
      </MenuItem>
      <MenuItem onSelect={() => onEmail(invoice)}>
        <Mail size={15} aria-hidden /> Email
      </MenuItem>
    </Menu>
  );
}

/** E-mail the invoice's PDF: the buyer's address filled in, a toast when sent, the server's field errors under the field. */
export function EmailInvoiceDialog({ invoice, onClose }: { invoice: InvoiceRef | null; onClose: () => void }) {
  const detail = useInvoice(invoice?.id ?? null);
  return (
    <Dialog
      open={!!invoice}
      onOpenChange={(o) => !o && onClose()}
      title={invoice ? `Email ${invoice.number}` : 'Email invoice'}
      description="The PDF is sent as an attachment."
      size="sm"
    >
      {!invoice ? null : detail.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : detail.isError ? (
        <Alert tone="error">{errorMessage(detail.error)}</Alert>
      ) : (
        <EmailForm invoice={detail.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function EmailForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const send = useEmailInvoice();
  const form = useZodForm(invoiceEmailInputSchema, { defaultValues: { email: invoice.buyer.email } });
  return (
    <DialogForm
      form={form}
      submitLabel="Send"
      pendingLabel="Sending…"
      onCancel={onClose}
      onSubmit={async ({ email }) => {
        const result = await send.mutateAsync({ id: invoice.id, email });
        notify.success(result?.detail || `${invoice.number} was sent to ${email || invoice.buyer.email}.`);
        onClose();
      }}
    >
      <TextField
        control={form.control}
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        hint={invoice.buyer.email ? undefined : 'The buyer has no e-mail on record: enter the address to send it to.'}
      />
    </DialogForm>
  );
}
