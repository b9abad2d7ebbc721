import { centreInputSchema, type Centre, type CentreInput } from '@arena/contracts/administrator';
import { AlertCircle, Building2 } from 'lucide-react';
import { Alert } from '../../components/Alert';
import { createdAtColumn, statusColumn } from '../../components/columns';
import { CheckboxField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { centres } from './api';
import { CentreSealField } from './CentreSealField';

type TextKey = Exclude<keyof CentreInput, 'is_active'>;
const FIELDS: { name: TextKey; label: string; type?: 'email' | 'tel'; wide?: boolean; placeholder?: string; autoComplete?: string }[] = [
  { name: 'name', label: 'Name', wide: true },
  { name: 'code', label: 'Code', placeholder: 'e.g. MAIN' },
  // A centre's phone may be a landline with its STD code, so it is plain text (not a 10-digit mobile).
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', wide: true, autoComplete: 'email' },
  { name: 'address', label: 'Address', wide: true, autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'gstin', label: 'GSTIN' },
  { name: 'opening_hours', label: 'Opening Hours', placeholder: '6:00 AM – 10:00 PM' },
];

const defaults = (c: Centre | null): CentreInput => ({
  name: c?.name ?? '',
  code: c?.code ?? '',
  address: c?.address ?? '',
  city: c?.city ?? '',
  state: c?.state ?? '',
  phone: c?.phone ?? '',
  email: c?.email ?? '',
  gstin: c?.gstin ?? '',
  opening_hours: c?.opening_hours ?? '',
  is_active: c?.is_active ?? true,
});

/** Administrator › Manage Center: list, create, edit, deactivate and reactivate centres. */
export function CentreListPage() {
  return (
    <LookupListPage
      resource={centres}
      title="Manage Center"
      description="The locations of your organization. Inactive centers disappear from the center selector and online booking."
      addLabel="Add Center"
      tableTitle="Centers"
      searchPlaceholder="Search name, code or city"
      columns={[
        {
          id: 'name',
          header: 'Name',
          sortKey: 'name',
          alwaysVisible: true,
          mobile: 'title',
          cell: (c: Centre) => (
            <div className="min-w-[160px]">
              <div className="font-medium text-fg">{c.name}</div>
              {c.code && <div className="text-xs text-muted">{c.code}</div>}
            </div>
          ),
        },
        { id: 'code', header: 'Code', sortKey: 'code', cell: (c) => c.code || '—', defaultHidden: true, mobile: false },
        { id: 'city', header: 'City', mobile: 'meta', sortKey: 'city', cell: (c) => c.city || '—' },
        { id: 'state', header: 'State', mobile: 'meta', cell: (c) => c.state || '—' },
        { id: 'phone', header: 'Phone', mobile: 'meta', cell: (c) => c.phone || '—' },
        { id: 'email', header: 'Email', mobile: 'meta', cell: (c) => c.email || '—', defaultHidden: true },
        {
          id: 'gstin',
          header: 'GSTIN',
          mobile: 'meta',
          cell: (c) =>
            c.gst_warning ? (
              <span className="inline-flex items-center gap-1 text-warning-text" title={c.gst_warning}>
                <AlertCircle size={14} aria-hidden />
                Needs its GSTIN
              </span>
            ) : (
              c.gstin || '—'
            ),
        },
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[statusFilter]}
      empty={{ icon: Building2, title: 'No centers yet', description: 'Add your first center to start taking members and bookings there.' }}
      form={{
        schema: centreInputSchema,
        size: 'lg',
        description: (c) => (c ? 'Update the center’s details.' : 'A center is one location of your organization.'),
        defaultValues: defaults,
        createLabel: 'Create Center',
        fields: ({ control }, editing) => (
          <div className="grid gap-4 sm:grid-cols-2">
            {editing?.gst_warning && (
              <Alert tone="warning" className="sm:col-span-2">
                {editing.gst_warning}
              </Alert>
            )}
            {FIELDS.map(({ wide, ...f }) => (
              <TextField
                key={f.name}
                control={control}
                {...f}
                required={f.name === 'name'}
                className={wide ? 'sm:col-span-2' : undefined}
              />
            ))}
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Shown in the center selector and online booking."
              className="sm:col-span-2"
            />
            <CentreSealField centre={editing} />
          </div>
        ),
      }}
      activeToggle="confirm"
      deactivateNote="It will no longer appear in the center selector or online booking. Its history is kept, and you can activate it again at any time."
    />
  );
}
