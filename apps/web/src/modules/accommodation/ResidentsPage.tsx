import { clientInputSchema, GUARDIAN_MESSAGE, ID_PROOF_TYPES, type AccommodationClient } from '@arena/contracts/accommodation';
import { z } from '@arena/contracts/kit';
import { FileCheck2, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { createdAtColumn, statusColumn } from '../../components/columns';
import { Dialog } from '../../components/Dialog';
import { DateField, FileField, PhoneField, SelectField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { PhoneLink } from '../../components/PhoneLink';
import { fetchFile, saveBlob } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { requestSchema, type FormControl, type FormInput } from '../../lib/form';
import { notify } from '../../lib/notify';
import { clientIdProofEndpoints } from '@arena/contracts/accommodation/routes';
import { MemberPicker, type PickedMember } from '../membership/public';
import { ACCOMMODATION_PATHS, residents, useIdProof } from './api';

export const ID_PROOF_LABELS: Record<(typeof ID_PROOF_TYPES)[number], string> = {
  '': 'None',
  aadhaar: 'Aadhaar',
  passport: 'Passport',
  driving_licence: 'Driving licence',
  voter_id: 'Voter ID',
  pan: 'PAN',
  student_id: 'Student ID',
  other: 'Other',
};
const ID_PROOF_OPTIONS = ID_PROOF_TYPES.map((t) => ({ value: t, label: ID_PROOF_LABELS[t] }));
const GENDER_OPTIONS = [
  { value: '', label: 'Not given' },
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
];
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const age = (birth: string) => {
  const b = new Date(`${birth}T00:00:00`);
  const n = new Date();
  let years = n.getFullYear() - b.getFullYear();
  if (n.getMonth() < b.getMonth() || (n.getMonth() === b.getMonth() && n.getDate() < b.getDate())) years -= 1;
  return years;
};

const residentFields = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  date_of_birth: z.string(),
  gender: z.string(),
  address: z.string(),
  guardian_name: z.string(),
  guardian_phone: z.string(),
  guardian_relation: z.string(),
  id_proof_type: z.string(),
  id_proof_number: z.string(),
  notes: z.string(),
  is_active: z.boolean(),
  id_proof_file: z.instanceof(File).nullable(),
  member: z.object({ id: z.number(), name: z.string(), code: z.string() }).nullable(),
});
/** The resident request from the form; a minor needs a guardian (the API says so too). The file is sent after the save. */
const residentFormSchema = requestSchema(residentFields, clientInputSchema, (v, issue) => {
  if (v.date_of_birth && age(v.date_of_birth) < 18 && (!v.guardian_name.trim() || !v.guardian_phone.trim()))
    issue(v.guardian_name.trim() ? 'guardian_phone' : 'guardian_name', GUARDIAN_MESSAGE);
  const { id_proof_file: _file, ...rest } = v;
  return {
    ...rest,
    gender: v.gender as 'male' | 'female' | 'other' | '',
    id_proof_type: v.id_proof_type as (typeof ID_PROOF_TYPES)[number],
    date_of_birth: v.date_of_birth || null,
    member: v.member?.id ?? null,
  };
});
type ResidentForm = FormInput<typeof residentFormSchema>;

const defaults = (c: AccommodationClient | null): ResidentForm => ({
  name: c?.name ?? '',
  phone: c?.phone ?? '',
  email: c?.email ?? '',
  date_of_birth: c?.date_of_birth ?? '',
  gender: c?.gender ?? '',
  address: c?.address ?? '',
  guardian_name: c?.guardian_name ?? '',
  guardian_phone: c?.guardian_phone ?? '',
  guardian_relation: c?.guardian_relation ?? '',
  id_proof_type: c?.id_proof_type ?? '',
  id_proof_number: c?.id_proof_number ?? '',
  notes: c?.notes ?? '',
  is_active: c?.is_active ?? true,
  id_proof_file: null,
  member: c?.member ? { id: c.member, name: c.member_name, code: c.member_code } : null,
});

/** The member this resident is, if any: found by name, phone or code (membership's picker). */
function LinkedMemberField({ control }: { control: FormControl<ResidentForm> }) {
  const { field, fieldState } = useController({ control, name: 'member' });
  return (
    <MemberPicker
      label="Linked member (optional)"
      value={(field.value as PickedMember | null) ?? null}
      onChange={(m) => field.onChange(m)}
      error={fieldState.error?.message}
    />
  );
}

/** Accommodation › Clients: the residents, their guardians (for minors) and ID proof, where they stay and what they owe. */
export function ResidentsPage() {
  const [proofOf, setProofOf] = useState<AccommodationClient | null>(null);
  const { upload } = useIdProof();
  const writes = residents.useMutations();
  // The ID proof file chosen in the open form, uploaded once the save succeeds.
  const pending = useRef<File | null>(null);
  // The file picked in the form is uploaded once the resident is saved (a new one has no id before).
  const withProof = {
    create: {
      mutateAsync: async (input: ResidentForm & { id_proof_file?: File | null }) => {
        const file = pending.current;
        const saved = (await writes.create.mutateAsync(input as never)) as AccommodationClient;
        if (file) await upload.mutateAsync({ id: saved.id, file });
        return saved;
      },
    },
    update: {
      mutateAsync: async (vars: { id: number; input: Partial<ResidentForm> }) => {
        const file = pending.current;
        const saved = await writes.update.mutateAsync(vars as never);
        if (file) await upload.mutateAsync({ id: vars.id, file });
        return saved;
      },
    },
    remove: writes.remove,
  };
  return (
    <>
      <LookupListPage
        resource={{ ...residents, useMutations: () => withProof as never }}
        title="Clients"
        description="The residents of the hostel: contact, a guardian for anyone under 18, their ID proof, the room they are in today and what they owe."
        addLabel="Add Resident"
        tableTitle="Residents"
        searchPlaceholder="Search name, phone, e-mail or guardian"
        columns={[
          {
            id: 'name',
            header: 'Name',
            sortKey: 'name',
            alwaysVisible: true,
            mobile: 'title',
            cell: (c) => (
              <div className="min-w-[9rem]">
                <div className="font-medium">{c.name}</div>
                {c.member && (
                  <div className="text-xs text-muted">
                    Member: {c.member_name} <span className="tabular">({c.member_code})</span>
                  </div>
                )}
                {c.is_minor && c.guardian_name && <div className="text-xs text-muted">Guardian: {c.guardian_name}</div>}
              </div>
            ),
          },
          { id: 'phone', header: 'Phone', mobile: 'subtitle', cell: (c) => <PhoneLink phone={c.phone} /> },
          {
            id: 'room',
            header: 'Room today',
            mobile: 'meta',
            cell: (c) => c.current_room || <span className="text-muted">—</span>,
          },
          {
            id: 'id_proof',
            header: 'ID proof',
            mobile: 'meta',
            cell: (c) =>
              c.has_id_proof ? (
                <span className="inline-flex items-center gap-1 whitespace-nowrap">
                  <FileCheck2 size={14} className="text-success" aria-hidden />
                  {ID_PROOF_LABELS[c.id_proof_type as keyof typeof ID_PROOF_LABELS] ?? 'On file'}
                </span>
              ) : (
                <span className="text-muted">Missing</span>
              ),
          },
          {
            id: 'due',
            header: 'Due',
            align: 'right',
            mobile: 'amount',
            cell: (c) =>
              Number(c.due) > 0 ? (
                <Link to={`${ACCOMMODATION_PATHS.stays}?client=${c.id}`} className="font-semibold tabular text-danger-text hover:underline">
                  {formatMoney(c.due)}
                </Link>
              ) : (
                <span className="tabular text-muted">{formatMoney(0)}</span>
              ),
          },
          statusColumn({ sortable: true }),
          createdAtColumn(),
        ]}
        filters={[
          { name: 'in_house', label: 'In house', options: YES_NO },
          { name: 'has_due', label: 'Has due', options: YES_NO },
          statusFilter,
        ]}
        empty={{ icon: Users, title: 'No residents yet', description: 'Add the people who stay in your hostel.' }}
        form={{
          schema: residentFormSchema,
          size: 'lg',
          title: (c) => (c ? `Edit ${c.name}` : 'Add Resident'),
          defaultValues: (c) => defaults(c),
          fields: ({ control, watch }, c) => {
            const birth = watch('date_of_birth');
            pending.current = watch('id_proof_file') ?? null;
            const minor = !!birth && age(birth) < 18;
            return (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField control={control} name="name" label="Name" required maxLength={120} className="sm:col-span-2" />
                <PhoneField control={control} name="phone" label="Phone" required />
                <TextField control={control} name="email" label="Email" type="email" maxLength={254} />
                <DateField control={control} name="date_of_birth" label="Date of birth" />
                <SelectField control={control} name="gender" label="Gender" options={GENDER_OPTIONS} />
                <TextareaField control={control} name="address" label="Address" rows={2} maxLength={500} className="sm:col-span-2" />
                <fieldset className="grid gap-4 rounded-lg border border-line p-3 sm:col-span-2 sm:grid-cols-3">
                  <legend className="px-1 text-sm font-medium">Guardian{minor ? ' (required: under 18)' : ''}</legend>
                  <TextField control={control} name="guardian_name" label="Guardian name" required={minor} maxLength={120} />
                  <PhoneField control={control} name="guardian_phone" label="Guardian phone" required={minor} />
                  <TextField control={control} name="guardian_relation" label="Relation" maxLength={60} placeholder="Father, Mother…" />
                </fieldset>
                <fieldset className="grid gap-4 rounded-lg border border-line p-3 sm:col-span-2 sm:grid-cols-3">
                  <legend className="px-1 text-sm font-medium">ID proof</legend>
                  <SelectField control={control} name="id_proof_type" label="ID type" options={ID_PROOF_OPTIONS} />
                  <TextField control={control} name="id_proof_number" label="ID number" maxLength={40} />
                  <FileField
                    control={control}
                    name="id_proof_file"
                    label={c?.has_id_proof ? 'Replace file' : 'File'}
                    accept="image/*,application/pdf"
                    hint={c?.has_id_proof ? `On file: ${c.id_proof_name}` : 'An image or a PDF'}
                  />
                </fieldset>
                <div className="sm:col-span-2">
                  <LinkedMemberField control={control} />
                </div>
                <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
              </div>
            );
          },
        }}
        leadingAction={(c) =>
          c.has_id_proof ? (
            <Button size="sm" variant="ghost" aria-label={`ID proof of ${c.name}`} onClick={() => setProofOf(c)}>
              ID proof
            </Button>
          ) : null
        }
        activeToggle="toggle"
        deleteNote="Only a resident with no stays can be deleted. Otherwise deactivate them."
      >
        <IdProofDialog client={proofOf} onClose={() => setProofOf(null)} />
      </LookupListPage>
    </>
  );
}

function IdProofDialog({ client, onClose }: { client: AccommodationClient | null; onClose: () => void }) {
  const { remove } = useIdProof();
  const [busy, setBusy] = useState(false);
  if (!client) return null;
  const open = async () => {
    setBusy(true);
    try {
      const file = await fetchFile(clientIdProofEndpoints.file, { params: { id: client.id } });
      saveBlob(file.blob, file.name || client.id_proof_name || 'id-proof');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`ID proof of ${client.name}`} size="sm">
      <div className="space-y-4 text-sm">
        <p>
          {ID_PROOF_LABELS[client.id_proof_type as keyof typeof ID_PROOF_LABELS] ?? 'ID'}
          {client.id_proof_number && ` · ${client.id_proof_number}`}
        </p>
        <p className="text-muted">{client.id_proof_name}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="ghost-danger"
            disabled={remove.isPending}
            onClick={async () => {
              try {
                await remove.mutateAsync(client.id);
                notify.success('The ID proof was removed.');
                onClose();
              } catch (error) {
                notify.error(errorMessage(error));
              }
            }}
          >
            Remove
          </Button>
          <Button onClick={() => void open()} disabled={busy}>
            Download
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
