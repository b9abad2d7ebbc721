import { AUDIENCE_LABELS, AUDIENCES, contactGroupInputSchema, type Audience, type ContactGroupInput } from '@arena/contracts/crm';
import { batchEndpoints, membershipPlanEndpoints } from '@arena/contracts/membership/routes';
import { z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch, type Control } from 'react-hook-form';
import type { ListParams } from '../../components/DataTable';
import { FormDialog } from '../../components/FormDialog';
import { SelectField, TextareaField, TextField } from '../../components/form';
import { call } from '../../lib/api';
import { requestSchema } from '../../lib/form';
import type { Contact, ContactGroup } from './api';
import { PeoplePicker } from './PeoplePicker';

/** The choice of what a group is: people listed by hand, or one of the saved filters. */
const LIST = 'list';
const KIND_OPTIONS = [
  { value: LIST, label: 'People I choose' },
  ...AUDIENCES.map((a) => ({ value: a, label: `Filter: ${AUDIENCE_LABELS[a]}` })),
];
const FILTER_OPTIONS = AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] }));

const fields = z.object({
  name: z.string(),
  description: z.string(),
  audience: z.string(),
  plan: z.string(),
  batch: z.string(),
  members: z.array(z.custom<Contact>()),
  /** Editing a list group: its people stay as they are. */
  keepPeople: z.boolean(),
});
type Fields = z.infer<typeof fields>;

const inputOf = (v: Fields): ContactGroupInput => ({
  name: v.name,
  description: v.description,
  filter:
    v.audience === LIST
      ? null
      : {
          audience: v.audience as Audience,
          plan: v.audience === 'plan' && v.plan ? Number(v.plan) : null,
          batch: v.audience === 'batch' && v.batch ? Number(v.batch) : null,
        },
  members: v.audience === LIST ? v.members.map(({ kind, id }) => ({ kind, id })) : [],
});
const schema = requestSchema(fields, contactGroupInputSchema, (v, issue) => {
  if (v.audience === LIST && !v.keepPeople && !v.members.length) issue('members', 'Add at least one person.');
  if (v.audience === 'plan' && !v.plan) issue('plan', 'Choose a plan.');
  if (v.audience === 'batch' && !v.batch) issue('batch', 'Choose a batch.');
  return inputOf(v);
});

/**
 * Add a contact group (people chosen by hand, or a saved filter), or edit one: its name and
 * description, and a filter group's filter. A list group's people change on its page.
 */
export function ContactGroupForm({
  open,
  onOpenChange,
  group,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** The group being edited; none to add one. */
  group?: ContactGroup;
  onSubmit: (input: ContactGroupInput) => Promise<unknown>;
}) {
  const f = group?.filter;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={group ? `Edit ${group.name}` : 'Add Contact Group'}
      description={
        group && !f
          ? 'Its people are added and taken out on the group’s page.'
          : 'A filter is worked out again each time the group is used.'
      }
      size={group ? 'md' : 'lg'}
      schema={schema}
      defaultValues={{
        name: group?.name ?? '',
        description: group?.description ?? '',
        audience: group ? (f?.audience ?? LIST) : LIST,
        plan: f?.plan ? String(f.plan) : '',
        batch: f?.batch ? String(f.batch) : '',
        members: [],
        keepPeople: !!group && !f,
      }}
      onSubmit={onSubmit}
      submitLabel={group ? 'Save Changes' : 'Save Group'}
    >
      {({ control }) => <GroupFields control={control as unknown as Control<Fields>} editing={group ? (f ? 'filter' : 'list') : null} />}
    </FormDialog>
  );
}

const useChoices = (kind: 'plan' | 'batch', enabled: boolean) =>
  useQuery({
    queryKey: ['crm', 'choices', kind],
    queryFn: () =>
      kind === 'plan'
        ? call(membershipPlanEndpoints.dropdown).then((b) => b.results)
        : call(batchEndpoints.list, { query: { page: 1, page_size: 200 } as ListParams }).then((b) =>
            b.results.map((x) => ({ id: x.id, name: x.name })),
          ),
    enabled,
    retry: false,
  });

function GroupFields({ control, editing }: { control: Control<Fields>; editing: 'list' | 'filter' | null }) {
  const audience = useWatch({ control, name: 'audience' });
  const plans = useChoices('plan', audience === 'plan');
  const batches = useChoices('batch', audience === 'batch');
  const members = useController({ control, name: 'members' });
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField control={control} name="name" label="Name" required maxLength={100} />
      {editing !== 'list' && (
        <SelectField
          control={control}
          name="audience"
          label={editing ? 'Filter' : 'Who is in it'}
          options={editing ? FILTER_OPTIONS : KIND_OPTIONS}
        />
      )}
      <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} className="sm:col-span-2" />
      {audience === 'plan' && (
        <SelectField
          control={control}
          name="plan"
          label="Plan"
          required
          placeholder="Select plan"
          options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          loading={plans.isPending}
        />
      )}
      {audience === 'batch' && (
        <SelectField
          control={control}
          name="batch"
          label="Batch"
          required
          placeholder="Select batch"
          options={(batches.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          loading={batches.isPending}
        />
      )}
      {audience === LIST && !editing && (
        <div className="sm:col-span-2">
          <PeoplePicker value={members.field.value} onChange={members.field.onChange} error={members.fieldState.error?.message} />
        </div>
      )}
    </div>
  );
}
