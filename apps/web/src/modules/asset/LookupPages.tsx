import { assetCategoryInputSchema, assetVendorInputSchema, type AssetCategory, type AssetVendor } from '@arena/contracts/asset';
import { z } from '@arena/contracts/kit';
import { Boxes, Wrench } from 'lucide-react';
import { createdAtColumn, nameColumn, statusColumn } from '../../components/columns';
import type { Column } from '../../components/DataTable';
import { CheckboxField, DateField, PhoneField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { PhoneLink } from '../../components/PhoneLink';
import { formatCount, formatDate } from '../../lib/format';
import { requestSchema } from '../../lib/form';
import { assetCategories, assetVendors } from './api';

const assetsColumn = <T extends { assets: number }>(): Column<T> => ({
  id: 'assets',
  header: 'Assets',
  align: 'right',
  cell: (row) => formatCount(row.assets),
});

/** Asset Management › Category: Cardio, Strength, Courts and nets … */
export function AssetCategoryPage() {
  return (
    <LookupListPage
      resource={assetCategories}
      title="Category"
      description="The kinds of equipment and property you keep (Cardio, Strength, Courts and nets, Furniture, Electronics). The register and the dashboard are grouped by them."
      addLabel="Add Category"
      tableTitle="Asset categories"
      columns={[
        nameColumn<AssetCategory>((c) => c.description),
        assetsColumn<AssetCategory>(),
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[statusFilter]}
      empty={{ icon: Boxes, title: 'No categories yet', description: 'Add the kinds of assets you keep, such as Cardio or Electronics.' }}
      form={{
        schema: assetCategoryInputSchema,
        defaultValues: (c) =>
          c ? { name: c.name, description: c.description, is_active: c.is_active } : { name: '', description: '', is_active: true },
        fields: ({ control }) => (
          <div className="grid gap-4">
            <TextField control={control} name="name" label="Name" required maxLength={100} />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} />
            <CheckboxField control={control} name="is_active" label="Active" description="Offered when adding assets." />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a category with no assets can be deleted. If it is in use, deactivate it instead."
    />
  );
}

const vendorFormSchema = requestSchema(
  z.object({
    name: z.string(),
    phone: z.string(),
    gstin: z.string(),
    address: z.string(),
    service_contract_end: z.string(),
    is_active: z.boolean(),
  }),
  assetVendorInputSchema,
  (v) => ({ ...v, service_contract_end: v.service_contract_end || null }),
);

/** Asset Management › Vendor: who sold or services the equipment, with the service contract's end. */
export function AssetVendorPage() {
  return (
    <LookupListPage
      resource={assetVendors}
      title="Vendor"
      description="Who sold your equipment or services it: their GSTIN (its check digit is verified) and when their service contract (AMC) ends."
      addLabel="Add Vendor"
      tableTitle="Asset vendors"
      searchPlaceholder="Search name, phone, GSTIN"
      columns={[
        nameColumn<AssetVendor>((v) => v.address),
        { id: 'phone', header: 'Phone', cell: (v) => (v.phone ? <PhoneLink phone={v.phone} /> : '—'), mobile: 'subtitle' },
        { id: 'gstin', header: 'GSTIN', cell: (v) => <span className="font-mono text-xs">{v.gstin || '—'}</span> },
        {
          id: 'service_contract_end',
          header: 'Contract ends',
          sortKey: 'service_contract_end',
          cell: (v) => <span className="whitespace-nowrap">{v.service_contract_end ? formatDate(v.service_contract_end) : '—'}</span>,
        },
        assetsColumn<AssetVendor>(),
        statusColumn({ sortable: true }),
      ]}
      filters={[statusFilter]}
      empty={{ icon: Wrench, title: 'No vendors yet', description: 'Add who sells and services your equipment.' }}
      form={{
        schema: vendorFormSchema,
        size: 'lg',
        defaultValues: (v) =>
          v
            ? {
                name: v.name,
                phone: v.phone,
                gstin: v.gstin,
                address: v.address,
                service_contract_end: v.service_contract_end ?? '',
                is_active: v.is_active,
              }
            : { name: '', phone: '', gstin: '', address: '', service_contract_end: '', is_active: true },
        fields: ({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={120} className="sm:col-span-2" />
            <PhoneField control={control} name="phone" label="Phone" />
            <TextField control={control} name="gstin" label="GSTIN" maxLength={15} hint="15 characters; its check digit is verified." />
            <DateField control={control} name="service_contract_end" label="Service contract ends" />
            <TextareaField control={control} name="address" label="Address" rows={2} maxLength={500} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered on assets and maintenance."
              className="sm:col-span-2"
            />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a vendor no asset or maintenance names can be deleted. Otherwise deactivate it."
    />
  );
}
