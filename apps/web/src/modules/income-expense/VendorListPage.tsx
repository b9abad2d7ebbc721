import { vendorInputSchema, type Vendor } from '@arena/contracts/income-expense';
import { Building2 } from 'lucide-react';
import { createdAtColumn, statusColumn, nameColumn } from '../../components/columns';
import { CheckboxField, PhoneField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { vendors } from './api';

/** Income/Expenses › Vendor: who the organisation pays (landlord, electricity board, suppliers), with their GSTIN. */
export function VendorListPage() {
  return (
    <LookupListPage
      resource={vendors}
      title="Vendor"
      description="Who you pay: landlords, utilities, suppliers and contractors. Pick one when recording an expense."
      addLabel="Add Vendor"
      tableTitle="Vendors"
      searchPlaceholder="Search name, phone, GSTIN"
      columns={[
        nameColumn<Vendor>((v) => v.address),
        { id: 'phone', header: 'Phone', mobile: 'meta', cell: (v) => <span className="tabular">{v.phone || '—'}</span> },
        { id: 'email', header: 'E-mail', mobile: 'meta', cell: (v) => v.email || '—' },
        {
          id: 'gstin',
          header: 'GSTIN',
          mobile: 'meta',
          cell: (v) => (v.gstin ? <span className="whitespace-nowrap font-mono text-xs">{v.gstin}</span> : '—'),
        },
        {
          id: 'notes',
          header: 'Notes',
          mobile: false,
          defaultHidden: true,
          cell: (v) => <span className="line-clamp-2">{v.notes || '—'}</span>,
        },
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[statusFilter]}
      empty={{
        icon: Building2,
        title: 'No vendors yet',
        description: 'Add the people and companies you pay, so expenses show who was paid.',
      }}
      form={{
        schema: vendorInputSchema,
        defaultValues: (v) => ({
          name: v?.name ?? '',
          phone: v?.phone ?? '',
          email: v?.email ?? '',
          gstin: v?.gstin ?? '',
          address: v?.address ?? '',
          notes: v?.notes ?? '',
          is_active: v?.is_active ?? true,
        }),
        fields: ({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={120} className="sm:col-span-2" />
            <PhoneField control={control} name="phone" label="Phone" />
            <TextField control={control} name="email" label="E-mail" type="email" maxLength={254} />
            <TextField
              control={control}
              name="gstin"
              label="GSTIN"
              placeholder="29ABCDE1234F1ZW"
              maxLength={15}
              normalise={(t) => t.toUpperCase()}
              hint="Optional; 15 characters. Lets you claim input GST on their bills."
              className="sm:col-span-2"
            />
            <TextareaField control={control} name="address" label="Address" rows={2} maxLength={500} className="sm:col-span-2" />
            <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered when recording new expenses."
              className="sm:col-span-2"
            />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a vendor that no entry names can be deleted. If it is in use, deactivate it instead: its entries keep it."
    />
  );
}
