import { GST_STATES } from '@arena/contracts/kit';
import { supplierInputSchema, type Supplier } from '@arena/contracts/store';
import { Truck } from 'lucide-react';
import { Link } from 'react-router';
import { createdAtColumn, nameColumn, statusColumn } from '../../components/columns';
import { CheckboxField, NumberField, PhoneField, SelectField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { PhoneLink } from '../../components/PhoneLink';
import { formatCount, formatMoney } from '../../lib/format';
import { STORE_PATHS, suppliers } from './api';

const STATES = Object.values(GST_STATES)
  .sort()
  .map((s) => ({ value: s, label: s }));

/** Store › Suppliers (`/store/supplliers`, spelled as the spec has it): who the store buys from, and what is owed to each. */
export function SuppliersPage() {
  return (
    <LookupListPage
      resource={suppliers}
      title="Suppliers"
      description="The distributors and brands you buy from: their GSTIN and state (for the input GST), their payment terms, and what you still owe on their bills."
      headerActions={
        <Link
          to={STORE_PATHS.purchases}
          className="inline-flex h-10 items-center px-2 text-sm font-medium text-accent-text hover:underline"
        >
          Purchases
        </Link>
      }
      addLabel="Add Supplier"
      tableTitle="Suppliers"
      searchPlaceholder="Search name, phone, GSTIN"
      columns={[
        nameColumn<Supplier>((s) => s.contact_person),
        { id: 'phone', header: 'Phone', cell: (s) => (s.phone ? <PhoneLink phone={s.phone} /> : '—'), mobile: 'subtitle' },
        { id: 'gstin', header: 'GSTIN', cell: (s) => <span className="font-mono text-xs">{s.gstin || '—'}</span> },
        { id: 'state', header: 'State', cell: (s) => s.state || '—', defaultHidden: true },
        {
          id: 'payment_terms_days',
          header: 'Terms',
          cell: (s) => <span className="whitespace-nowrap">{s.payment_terms_days ? `${s.payment_terms_days} days` : 'On receipt'}</span>,
        },
        { id: 'purchases', header: 'Bills', align: 'right', cell: (s) => formatCount(s.purchases) },
        {
          id: 'payable',
          header: 'Payable',
          align: 'right',
          cell: (s) => (Number(s.payable) > 0 ? <span className="font-medium text-danger-text">{formatMoney(s.payable)}</span> : '—'),
        },
        statusColumn({ sortable: true }),
        { ...createdAtColumn<Supplier>(), defaultHidden: true },
      ]}
      filters={[statusFilter]}
      empty={{
        icon: Truck,
        title: 'No suppliers yet',
        description: 'Add the distributors you buy from, then enter their bills under Products › Purchases.',
      }}
      form={{
        schema: supplierInputSchema,
        size: 'lg',
        defaultValues: (s) =>
          s
            ? {
                name: s.name,
                contact_person: s.contact_person,
                phone: s.phone,
                email: s.email,
                gstin: s.gstin,
                state: s.state,
                address: s.address,
                payment_terms_days: s.payment_terms_days,
                notes: s.notes,
                is_active: s.is_active,
              }
            : {
                name: '',
                contact_person: '',
                phone: '',
                email: '',
                gstin: '',
                state: '',
                address: '',
                payment_terms_days: 0,
                notes: '',
                is_active: true,
              },
        fields: ({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={120} className="sm:col-span-2" />
            <TextField control={control} name="contact_person" label="Contact person" maxLength={120} />
            <PhoneField control={control} name="phone" label="Phone" />
            <TextField control={control} name="email" label="Email" type="email" />
            <TextField control={control} name="gstin" label="GSTIN" maxLength={15} hint="15 characters; its check digit is verified." />
            <SelectField control={control} name="state" label="State" placeholder="Choose a state" options={STATES} />
            <NumberField
              control={control}
              name="payment_terms_days"
              label="Payment terms"
              suffix="days"
              hint="Days they give to pay a bill (0: on receipt)."
            />
            <TextareaField control={control} name="address" label="Address" rows={2} maxLength={500} className="sm:col-span-2" />
            <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered when entering a purchase."
              className="sm:col-span-2"
            />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a supplier with no bills can be deleted. If it has bills, deactivate it instead."
    />
  );
}
