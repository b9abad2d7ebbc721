import {
  PAYROLL_STATUS_LABELS,
  payrollPayInputSchema,
  payrollUpdateSchema,
  type Payroll,
  type PayrollStatus,
} from '@arena/contracts/staff';
import { z } from '@arena/contracts/kit';
import { CheckCircle2, Download, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { CheckboxField, DateField, Form, MoneyField, optionsOf, SelectField, TextareaField, TextField } from '../../components/form';
import { FormDialog } from '../../components/FormDialog';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { requestSchema, useZodForm } from '../../lib/form';
import { formatDate, formatMoney } from '../../lib/format';
import { usePaymentModes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { downloadPayslip, usePayroll, usePayrollActions } from './api';
import { monthLabel } from '../../components/MonthStepper';

const TONE: Record<PayrollStatus, 'neutral' | 'info' | 'success'> = { draft: 'neutral', approved: 'info', paid: 'success' };
export const PayrollStatusBadge = ({ status }: { status: PayrollStatus }) => (
  <Badge tone={TONE[status]}>{PAYROLL_STATUS_LABELS[status]}</Badge>
);

/** Saves the payslip, saying so (or why not). */
export async function savePayslip(p: Payroll) {
  try {
    const name = await downloadPayslip(p);
    notify.success(`${name} was downloaded.`);
  } catch (error) {
    notify.error(errorMessage(error));
  }
}

/**
 * One payroll row: every line and how it was computed; a draft's bonus, deductions and PF/ESI;
 * Approve (draft), Pay (approved: the expense in Income/Expenses), the payslip.
 */
export function PayrollDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const payroll = usePayroll(id);
  const p = payroll.data;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={p ? `${p.staff_name}: ${monthLabel(p.month)}` : 'Payroll'}
      description={p ? `${p.staff_code} · ${p.category_name}` : undefined}
      size="lg"
    >
      {payroll.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : payroll.isError ? (
        <Alert tone="error">{errorMessage(payroll.error)}</Alert>
      ) : (
        <PayrollBody p={payroll.data} />
      )}
    </Dialog>
  );
}

function PayrollBody({ p }: { p: Payroll }) {
  const { approve } = usePayrollActions();
  const [paying, setPaying] = useState(false);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PayrollStatusBadge status={p.status} />
        <p className="text-sm text-muted">
          {p.working_days} working days · {p.paid_days} paid days
          {p.salary_type === 'hourly' && ` · ${p.hours} hours`}
          {p.salary_type === 'per_session' && ` · ${p.sessions} sessions`}
        </p>
      </div>
      <table className="w-full text-sm" aria-label="How the pay was computed">
        <thead className="text-left text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="pb-2 font-semibold">
              Line
            </th>
            <th scope="col" className="pb-2 font-semibold">
              Computed as
            </th>
            <th scope="col" className="pb-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {p.computation.map((line) => (
            <tr key={line.label}>
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {line.label}
              </th>
              <td className="py-2 pr-3 text-muted">{line.formula}</td>
              <td className="py-2 text-right tabular">{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-line-strong">
            <th scope="row" className="pt-2 text-left font-semibold">
              Net pay
            </th>
            <td />
            <td className="pt-2 text-right text-base font-semibold tabular">{formatMoney(p.net)}</td>
          </tr>
        </tfoot>
      </table>
      {p.status === 'draft' && <AdjustForm p={p} />}
      {p.status === 'paid' && (
        <Alert tone="success">
          Paid {formatMoney(p.net)} on {formatDate(p.paid_on)} by {p.payment_mode_name}
          {p.reference ? ` (ref. ${p.reference})` : ''}. It is in Income/Expenses under Salaries.
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
        <Button variant="secondary" onClick={() => void savePayslip(p)}>
          <Download size={16} aria-hidden /> Payslip
        </Button>
        {p.status === 'draft' && (
          <Button
            disabled={approve.isPending}
            onClick={() =>
              void approve
                .mutateAsync(p.id)
                .then(() => notify.success(`${p.staff_name}'s pay for ${monthLabel(p.month)} was approved.`))
                .catch((e: unknown) => notify.error(errorMessage(e)))
            }
          >
            <CheckCircle2 size={16} aria-hidden /> Approve
          </Button>
        )}
        {p.status === 'approved' && (
          <Button onClick={() => setPaying(true)}>
            <Wallet size={16} aria-hidden /> Pay {formatMoney(p.net)}
          </Button>
        )}
      </div>
      {paying && <PayDialog p={p} onClose={() => setPaying(false)} />}
    </div>
  );
}

const adjustFields = z.object({
  bonus: z.string(),
  advance: z.string(),
  other_deductions: z.string(),
  pf_enabled: z.boolean(),
  esi_enabled: z.boolean(),
  notes: z.string(),
});
const adjustSchema = requestSchema(adjustFields, payrollUpdateSchema, (v) => ({
  ...v,
  bonus: v.bonus || '0',
  advance: v.advance || '0',
  other_deductions: v.other_deductions || '0',
}));

function AdjustForm({ p }: { p: Payroll }) {
  const { update } = usePayrollActions();
  const form = useZodForm(adjustSchema, {
    defaultValues: {
      bonus: p.bonus,
      advance: p.advance,
      other_deductions: p.other_deductions,
      pf_enabled: p.pf_enabled,
      esi_enabled: p.esi_enabled,
      notes: p.notes,
    },
  });
  const { control } = form;
  return (
    <Form
      form={form}
      onSubmit={async (input) => {
        await update.mutateAsync({ id: p.id, input });
        notify.success('The draft was recomputed.');
      }}
      className="rounded-lg border border-line p-4"
      footer={({ submitting }) => (
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" disabled={submitting}>
            {submitting ? 'Saving…' : 'Save and recompute'}
          </Button>
        </div>
      )}
    >
      <h3 className="text-sm font-semibold">Bonus and deductions</h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <MoneyField control={control} name="bonus" label="Bonus" />
        <MoneyField control={control} name="advance" label="Advance to recover" />
        <MoneyField control={control} name="other_deductions" label="Other deductions" />
        <CheckboxField control={control} name="pf_enabled" label="Deduct PF" description="12 % of basic, basic up to ₹15,000." />
        <CheckboxField control={control} name="esi_enabled" label="Deduct ESI" description="0.75 % when gross is up to ₹21,000." />
        <TextareaField control={control} name="notes" label="Notes" rows={1} maxLength={1000} />
      </div>
    </Form>
  );
}

const payFields = z.object({ payment_mode: z.string(), reference: z.string(), date: z.string() });
const paySchema = requestSchema(payFields, payrollPayInputSchema, (v) => ({
  payment_mode: v.payment_mode ? Number(v.payment_mode) : (undefined as unknown as number),
  reference: v.reference,
  date: v.date || undefined,
}));

function PayDialog({ p, onClose }: { p: Payroll; onClose: () => void }) {
  const { pay } = usePayrollActions();
  const modes = usePaymentModes();
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Pay ${p.staff_name}`}
      description={`${formatMoney(p.net)} for ${monthLabel(p.month)}: recorded as an expense under Salaries.`}
      schema={paySchema}
      defaultValues={{ payment_mode: '', reference: '', date: todayIso() }}
      submitLabel={`Pay ${formatMoney(p.net)}`}
      pendingLabel="Paying…"
      onSubmit={async (input) => {
        await pay.mutateAsync({ id: p.id, input });
        notify.success(`${p.staff_name} was paid ${formatMoney(p.net)}.`);
      }}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={control}
            name="payment_mode"
            label="Payment mode"
            required
            placeholder="Select mode"
            options={optionsOf(modes.data)}
            loading={modes.isPending}
          />
          <DateField control={control} name="date" label="Paid on" required max={todayIso()} />
          <TextField
            control={control}
            name="reference"
            label="Reference"
            maxLength={100}
            placeholder="UTR or cheque number"
            className="sm:col-span-2"
          />
        </div>
      )}
    </FormDialog>
  );
}
