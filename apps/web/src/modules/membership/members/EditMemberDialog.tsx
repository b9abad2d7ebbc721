import { BillingFields } from '../../../components/BillingFields';
import { MessageOptOutFields } from '../../../components/MessageOptOutFields';
import {
  BLOOD_GROUPS,
  GENDER_LABELS,
  GENDERS,
  MEMBER_SOURCE_LABELS,
  MEMBER_SOURCES,
  memberUpdateSchema,
} from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField, DateField, optionsOf, PhoneField, SelectField, TextareaField, TextField } from '../../../components/form';
import { DialogForm } from '../../../components/FormDialog';
import { requestSchema, useZodForm } from '../../../lib/form';
import { useCentres } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { useMemberMutations, type Member } from './api';
import { memberDetailFields } from './memberForm';
import { PhotoField, photoRefusal } from '../../../components/PhotoField';

const editFields = z.object({
  ...memberDetailFields,
  is_active: z.boolean(),
});

const editSchema = requestSchema(editFields, memberUpdateSchema, (v, issue) => {
  if (v.date_of_birth && v.date_of_birth > todayIso()) issue('date_of_birth', 'The date of birth cannot be in the future.');
  return { ...v, gender: v.gender || undefined, centre: v.centre || undefined, date_of_birth: v.date_of_birth || null } as z.input<
    typeof memberUpdateSchema
  >;
});

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
const SOURCE_OPTIONS = MEMBER_SOURCES.map((s) => ({ value: s, label: MEMBER_SOURCE_LABELS[s] }));
const BLOOD_OPTIONS = BLOOD_GROUPS.map((b) => ({ value: b, label: b }));

/** Edit a member's details and photo. */
export function EditMemberDialog({ member, open, onOpenChange }: { member: Member; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Edit ${member.full_name}`} description={member.member_code} size="lg">
      {open && <EditForm member={member} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EditForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const { update } = useMemberMutations();
  const centres = useCentres();
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const form = useZodForm(editSchema, {
    defaultValues: {
      first_name: member.first_name,
      last_name: member.last_name,
      gender: member.gender,
      date_of_birth: member.date_of_birth ?? '',
      phone: member.phone,
      email: member.email,
      address: member.address,
      centre: String(member.centre),
      emergency_contact_name: member.emergency_contact_name,
      emergency_contact_phone: member.emergency_contact_phone,
      blood_group: member.blood_group,
      health_notes: member.health_notes,
      source: member.source,
      notes: member.notes,
      gstin: member.gstin,
      billing_name: member.billing_name,
      billing_address: member.billing_address,
      billing_state: member.billing_state,
      message_opt_out: member.message_opt_out,
      is_active: member.is_active,
    },
  });
  const { control } = form;
  const [first, last] = useWatch({ control, name: ['first_name', 'last_name'] });
  return (
    <DialogForm
      form={form}
      submitLabel="Save Changes"
      onCancel={onDone}
      onSubmit={async (input) => {
        await update.mutateAsync({ id: member.id, input, photo }).catch((error: unknown) => {
          setPhotoProblem(photoRefusal(error));
          throw error;
        });
        notify.success(`${member.member_code} was updated.`);
        onDone();
      }}
    >
      <PhotoField
        name={`${first} ${last}`.trim()}
        value={photo}
        currentUrl={member.photo}
        onChange={setPhoto}
        error={photoProblem}
        onError={setPhotoProblem}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="first_name" label="First name" required maxLength={60} />
        <TextField control={control} name="last_name" label="Last name" maxLength={60} />
        <SelectField control={control} name="gender" label="Gender" required options={GENDER_OPTIONS} />
        <DateField control={control} name="date_of_birth" label="Date of birth" max={todayIso()} />
        <PhoneField control={control} name="phone" label="Phone" required />
        <TextField control={control} name="email" label="E-mail" type="email" />
        <SelectField
          control={control}
          name="centre"
          label="Center"
          required
          options={optionsOf(centres.data)}
          loading={centres.isPending}
        />
        <SelectField control={control} name="source" label="Source" options={SOURCE_OPTIONS} />
        <TextareaField control={control} name="address" label="Address" rows={2} maxLength={500} className="sm:col-span-2" />
        <TextField control={control} name="emergency_contact_name" label="Emergency contact name" maxLength={120} />
        <PhoneField control={control} name="emergency_contact_phone" label="Emergency contact phone" />
        <SelectField control={control} name="blood_group" label="Blood group" placeholder="Not known" options={BLOOD_OPTIONS} />
        <div />
        <TextareaField control={control} name="health_notes" label="Health notes" rows={2} maxLength={1000} className="sm:col-span-2" />
        <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
        <MessageOptOutFields control={control} className="sm:col-span-2" />
        <BillingFields control={control} className="sm:col-span-2" />
        <CheckboxField
          control={control}
          name="is_active"
          label="Active member"
          description="An inactive member leaves the lists of active members; their phone number can be given to someone else."
          className="sm:col-span-2"
        />
      </div>
    </DialogForm>
  );
}
