import { sportInputSchema, type Sport } from '@arena/contracts/administrator';
import { Trophy } from 'lucide-react';
import { createdAtColumn, statusColumn, nameColumn } from '../../components/columns';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { sports } from './api';

const KINDS = [
  { value: 'sport', label: 'Sport' },
  { value: 'event', label: 'Event' },
];

/** Administrator › Manage Sports/Events. */
export function SportListPage() {
  return (
    <LookupListPage
      resource={sports}
      title="Manage Sports/Events"
      description="The sports and events your centers offer. Facilities, plans and reports are grouped by them."
      addLabel="Add Sport/Event"
      tableTitle="Sports and events"
      columns={[
        nameColumn<Sport>((s) => s.description),
        { id: 'kind', header: 'Kind', sortKey: 'kind', mobile: 'subtitle', cell: (s) => (s.kind === 'event' ? 'Event' : 'Sport') },
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[
        {
          name: 'kind',
          label: 'Kind',
          options: [
            { value: 'sport', label: 'Sports' },
            { value: 'event', label: 'Events' },
          ],
        },
        statusFilter,
      ]}
      empty={{
        icon: Trophy,
        title: 'No sports or events yet',
        description: 'Add the sports you offer (Badminton, Football …) before creating facilities.',
      }}
      form={{
        schema: sportInputSchema,
        description: () => 'Sports and events group your facilities, plans and reports.',
        defaultValues: (s) =>
          s
            ? { name: s.name, kind: s.kind, description: s.description, is_active: s.is_active }
            : { name: '', kind: 'sport' as const, description: '', is_active: true },
        fields: ({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required />
            <SelectField control={control} name="kind" label="Kind" options={KINDS} />
            <TextareaField control={control} name="description" label="Description" maxLength={1000} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered for new facilities and plans."
              className="sm:col-span-2"
            />
          </div>
        ),
      }}
      deleteNote="Facilities and plans that use it keep their history. If it is still in use, deactivate it instead."
    />
  );
}
