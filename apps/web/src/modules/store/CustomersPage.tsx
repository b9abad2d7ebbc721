import { customerInputSchema } from '@arena/contracts/store';
import { ReceiptText, Users } from 'lucide-react';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { PhoneField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { PhoneLink } from '../../components/PhoneLink';
import { StatCard } from '../../components/StatCard';
import { formatDate, formatMoney } from '../../lib/format';
import type { FormControl, FormInput } from '../../lib/form';
import { MemberPicker, type PickedMember } from '../membership/public';
import { invoicePath, SaleStatusBadge } from './InvoicePage';
import { fetchSales, salesKeys, storeCustomers, type Customer, type SaleListItem } from './sales-api';

const DUE_OPTIONS = [
  { value: 'true', label: 'With dues' },
  { value: 'false', label: 'Nothing due' },
];

/**
 * Store › Customers: walk-ins saved by name and phone, and members who buy at the counter, with
 * what they bought, spent and still owe; Sales opens a customer's sales with their dues to collect.
 */
export function CustomersPage() {
  const [viewing, setViewing] = useState<Customer | null>(null);
  const columns: Column<Customer>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      mobile: 'title',
      alwaysVisible: true,
      cell: (c) => (
        <div className="min-w-0">
          <p className="font-medium">{c.name}</p>
          {c.member_name && <p className="text-xs text-muted">Member</p>}
        </div>
      ),
    },
    { id: 'phone', header: 'Phone', mobile: 'subtitle', cell: (c) => (c.phone ? <PhoneLink phone={c.phone} /> : '—') },
    { id: 'email', header: 'E-mail', mobile: false, cell: (c) => c.email || '—' },
    { id: 'purchases', header: 'Purchases', align: 'right', mobile: 'meta', cell: (c) => c.purchases },
    { id: 'spent', header: 'Spent', align: 'right', cell: (c) => formatMoney(c.spent) },
    {
      id: 'due',
      header: 'Due',
      align: 'right',
      cell: (c) => <span className={Number(c.due) > 0 ? 'font-medium text-warning-text' : 'text-muted'}>{formatMoney(c.due)}</span>,
    },
    { id: 'last_purchase', header: 'Last purchase', mobile: 'meta', cell: (c) => (c.last_purchase ? formatDate(c.last_purchase) : '—') },
    statusColumn({ sortable: true }),
  ];
  return (
    <LookupListPage
      resource={storeCustomers}
      title="Customers"
      description="People who buy at the counter: walk-ins saved by phone, and members. One phone is one customer."
      addLabel="Add Customer"
      tableTitle="Store customers"
      searchPlaceholder="Search name, phone or e-mail"
      columns={columns}
      filters={[{ name: 'has_due', label: 'Due', options: DUE_OPTIONS }, statusFilter]}
      empty={{
        icon: Users,
        title: 'No customers yet',
        description: 'A customer is saved when you add one here or at Billing (New customer).',
      }}
      form={{
        schema: customerInputSchema,
        defaultValues: (c) =>
          c
            ? { name: c.name, phone: c.phone, email: c.email, member: c.member, notes: c.notes, is_active: c.is_active }
            : { name: '', phone: '', email: '', member: null, notes: '', is_active: true },
        fields: ({ control }, editing) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={120} className="sm:col-span-2" />
            <PhoneField control={control} name="phone" label="Phone" />
            <TextField control={control} name="email" label="Email" type="email" autoComplete="off" />
            <div className="sm:col-span-2">
              <MemberLink
                control={control}
                initial={editing?.member ? { id: editing.member, name: editing.member_name, code: '' } : null}
              />
            </div>
            <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Their past sales keep the name and phone printed on them."
      leadingAction={(c) => (
        <Button size="sm" variant="ghost" aria-label={`Sales of ${c.name}`} onClick={() => setViewing(c)}>
          Sales
        </Button>
      )}
    >
      <CustomerSalesDialog customer={viewing} onClose={() => setViewing(null)} />
    </LookupListPage>
  );
}

/** The customer's member, picked by name, phone or code (optional): their purchases then show on the member too. */
function MemberLink({ control, initial }: { control: FormControl<FormInput<typeof customerInputSchema>>; initial: PickedMember | null }) {
  const { field } = useController({ control, name: 'member' });
  const [picked, setPicked] = useState<PickedMember | null>(initial);
  return (
    <MemberPicker
      label="Member (optional)"
      value={typeof field.value === 'number' ? picked : null}
      onChange={(m) => {
        setPicked(m);
        field.onChange(m ? m.id : null);
      }}
    />
  );
}

function CustomerSalesDialog({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const columns: Column<SaleListItem>[] = [
    {
      id: 'number',
      header: 'Number',
      mobile: 'title',
      alwaysVisible: true,
      cell: (s) => (
        <Link to={invoicePath(s.id)} className="font-medium text-accent-text hover:underline">
          {s.number}
        </Link>
      ),
    },
    { id: 'date', header: 'Date', sortKey: 'date', mobile: 'subtitle', cell: (s) => formatDate(s.date) },
    { id: 'summary', header: 'Items', mobile: false, cell: (s) => <span className="line-clamp-1">{s.summary}</span> },
    { id: 'status', header: 'Status', mobile: 'badge', cell: (s) => <SaleStatusBadge status={s.status} /> },
    { id: 'total', header: 'Total', align: 'right', cell: (s) => formatMoney(s.total) },
    {
      id: 'due',
      header: 'Due',
      align: 'right',
      cell: (s) =>
        Number(s.due) > 0 ? (
          <Link
            to={invoicePath(s.id)}
            className="font-medium text-warning-text hover:underline"
            aria-label={`Collect ${formatMoney(s.due)} on ${s.number}`}
          >
            {formatMoney(s.due)}
          </Link>
        ) : (
          <span className="text-muted">{formatMoney(s.due)}</span>
        ),
    },
  ];
  return (
    <Dialog
      open={!!customer}
      onOpenChange={(o) => !o && onClose()}
      title={customer ? `Sales of ${customer.name}` : 'Sales'}
      description={customer?.phone || undefined}
      size="lg"
    >
      {customer && (
        <div className="space-y-4">
          <div className="grid grid-cols-3 gap-3">
            <StatCard label="Purchases" value={customer.purchases} />
            <StatCard label="Spent" value={formatMoney(customer.spent)} />
            <StatCard
              label="Due"
              value={<span className={Number(customer.due) > 0 ? 'text-warning-text' : ''}>{formatMoney(customer.due)}</span>}
            />
          </div>
          <DataTable
            title={`Sales of ${customer.name}`}
            queryKey={[...salesKeys.list, 'customer', customer.id]}
            fetchPage={fetchSales}
            scope={{ customer: String(customer.id) }}
            columns={columns}
            rowKey={(s) => s.id}
            searchPlaceholder="Search number"
            pageSizes={[10, 25]}
            compactCards
            empty={{ icon: ReceiptText, title: 'No sales yet', description: 'Sales to this customer at Billing appear here.' }}
          />
          <div className="flex justify-end">
            <Link to="/store/billing" className={buttonClass('secondary')}>
              New sale
            </Link>
          </div>
        </div>
      )}
    </Dialog>
  );
}
