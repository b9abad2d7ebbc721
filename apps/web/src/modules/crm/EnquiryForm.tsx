import {
  CRM_GENDERS,
  ENQUIRY_SOURCE_LABELS,
  ENQUIRY_SOURCES,
  enquiryInputSchema,
  type Enquiry,
  type EnquiryInput,
} from '@arena/contracts/crm';
import { membershipPlanEndpoints } from '@arena/contracts/membership/routes';
import { z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { FormDialog } from '../../components/FormDialog';
import { DateField, MultiSelectField, optionsOf, PhoneField, SelectField, TextareaField, TextField } from '../../components/form';
import { call } from '../../lib/api';
import { requestSchema } from '../../lib/form';
import { useCentres, useSports, useStaffChoices } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';

export const SOURCE_OPTIONS = ENQUIRY_SOURCES.map((s) => ({ value: s, label: ENQUIRY_SOURCE_LABELS[s] }));
const GENDER_OPTIONS = CRM_GENDERS.map((g) => ({ value: g, label: g[0].toUpperCase() + g.slice(1) }));

const fields = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  gender: z.string(),
  source: z.string(),
  interested_in: z.string(),
  plans: z.array(z.number()),
  sports: z.array(z.number()),
  assigned_to: z.string(),
  next_follow_up: z.string(),
  notes: z.string(),
  centre: z.string(),
});
const schema = requestSchema(fields, enquiryInputSchema, (v, issue) => {
  if (!v.centre) issue('centre', 'Choose a center.');
  return {
    ...v,
    gender: (v.gender || null) as EnquiryInput['gender'],
    source: v.source as EnquiryInput['source'],
    assigned_to: v.assigned_to ? Number(v.assigned_to) : null,
    next_follow_up: v.next_follow_up || null,
    centre: v.centre ? Number(v.centre) : (undefined as unknown as number),
  };
});

/** The plans an enquiry may name (Membership's dropdown; hidden for a user without Membership). */
const usePlanChoices = () =>
  useQuery({
    queryKey: ['crm', 'plan-choices'],
    queryFn: () => call(membershipPlanEndpoints.dropdown),
    select: (b) => b.results,
    retry: false,
    staleTime: 60_000,
  });

/** Add and edit an enquiry. */
export function EnquiryForm({
  enquiry,
  open,
  onOpenChange,
  onSubmit,
}: {
  enquiry: Enquiry | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (input: EnquiryInput) => Promise<unknown>;
}) {
  const centres = useCentres();
  const sports = useSports();
  const staff = useStaffChoices();
  const plans = usePlanChoices();
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const onlyCentre = centres.data?.length === 1 ? String(centres.data[0].id) : '';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={enquiry ? `Edit ${enquiry.name}` : 'Add Enquiry'}
      size="lg"
      schema={schema}
      defaultValues={
        enquiry
          ? {
              name: enquiry.name,
              phone: enquiry.phone,
              email: enquiry.email,
              gender: enquiry.gender ?? '',
              source: enquiry.source,
              interested_in: enquiry.interested_in,
              plans: enquiry.plans,
              sports: enquiry.sports,
              assigned_to: enquiry.assigned_to ? String(enquiry.assigned_to) : '',
              next_follow_up: enquiry.next_follow_up ?? '',
              notes: enquiry.notes,
              centre: String(enquiry.centre),
            }
          : {
              name: '',
              phone: '',
              email: '',
              gender: '',
              source: 'walk-in',
              interested_in: '',
              plans: [],
              sports: [],
              assigned_to: '',
              next_follow_up: '',
              notes: '',
              centre: sidebarCentre || onlyCentre,
            }
      }
      onSubmit={onSubmit}
      submitLabel={enquiry ? 'Save Changes' : 'Add Enquiry'}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={control} name="name" label="Name" required autoComplete="off" maxLength={120} />
          <PhoneField control={control} name="phone" label="Phone" required />
          <TextField control={control} name="email" label="E-mail" type="email" autoComplete="off" />
          <SelectField control={control} name="gender" label="Gender" placeholder="Not given" options={GENDER_OPTIONS} />
          <SelectField control={control} name="source" label="Source" options={SOURCE_OPTIONS} />
          <SelectField
            control={control}
            name="centre"
            label="Center"
            required
            placeholder="Select center"
            options={optionsOf(centres.data)}
            loading={centres.isPending}
          />
          <TextField
            control={control}
            name="interested_in"
            label="Interested in"
            maxLength={500}
            className="sm:col-span-2"
            placeholder="Weight loss, morning yoga …"
          />
          {!!plans.data?.length && (
            <MultiSelectField
              control={control}
              name="plans"
              label="Plans"
              options={plans.data.map((p) => ({ value: p.id, label: p.name }))}
              className="sm:col-span-2"
            />
          )}
          {!!sports.data?.length && (
            <MultiSelectField
              control={control}
              name="sports"
              label="Sports"
              options={sports.data.map((s) => ({ value: s.id, label: s.name }))}
              className="sm:col-span-2"
            />
          )}
          <SelectField
            control={control}
            name="assigned_to"
            label="Assigned to"
            placeholder="Nobody yet"
            options={optionsOf(staff.data)}
            loading={staff.isPending && !staff.isError}
          />
          <DateField control={control} name="next_follow_up" label="Next follow-up" />
          <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={2000} className="sm:col-span-2" />
        </div>
      )}
    </FormDialog>
  );
}
