import { GST_STATES, gstinSchema, gstinState, singleLineText, text, z, type Organisation } from '@arena/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Form, SelectField, TextareaField, TextField } from '../../components/form';
import { api } from '../../lib/api';
import { useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { organisationKey } from './api';

const STATES = Object.values(GST_STATES)
  .sort()
  .map((s) => ({ value: s, label: s }));

const businessSchema = z
  .object({
    legal_name: singleLineText(200),
    gstin: gstinSchema,
    state: singleLineText(100),
    address: text(500),
    phone: singleLineText(20),
    email: z.union([z.literal(''), singleLineText(254).pipe(z.email('Invalid email format'))]),
  })
  .superRefine((v, ctx) => {
    const registered = v.gstin ? gstinState(v.gstin) : null;
    if (registered && v.state && registered !== v.state)
      ctx.addIssue({ code: 'custom', path: ['state'], message: `The GSTIN is registered in ${registered}.` });
  });

/**
 * Administrator › Profile: the business details printed on every invoice — legal name, GSTIN and
 * its state (CGST+SGST within it, IGST elsewhere), address and contacts. Without a GSTIN the
 * organisation issues bills of supply with no tax.
 */
export function BusinessDetailsCard({ org, editable }: { org: Organisation; editable: boolean }) {
  const queryClient = useQueryClient();
  const form = useZodForm(businessSchema, {
    defaultValues: {
      legal_name: org.legal_name,
      gstin: org.gstin,
      state: org.state,
      address: org.address,
      phone: org.phone,
      email: org.email,
    },
  });
  return (
    <Card className="mt-6 p-5 sm:p-6">
      <h2 className="text-sm font-semibold">Business and GST</h2>
      <p className="mb-4 mt-1 text-sm text-muted">
        Printed on your invoices. Sales in your GST state carry CGST and SGST, elsewhere IGST; without a GSTIN you issue bills of supply.
      </p>
      <Form
        form={form}
        onSubmit={async (values) => {
          const updated = await api.patch<Organisation>('/administrator/organisation/', {
            ...values,
            state: values.state || (values.gstin ? (gstinState(values.gstin) ?? '') : ''),
          });
          queryClient.setQueryData(organisationKey, updated);
          form.reset({
            legal_name: updated.legal_name,
            gstin: updated.gstin,
            state: updated.state,
            address: updated.address,
            phone: updated.phone,
            email: updated.email,
          });
          notify.success('Business details saved.');
        }}
        footer={({ submitting }) => (
          <div className="flex justify-end">
            <Button type="submit" disabled={!editable || submitting || !form.formState.isDirty}>
              {submitting ? 'Saving…' : 'Save Business Details'}
            </Button>
          </div>
        )}
      >
        <fieldset disabled={!editable} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Business and GST</legend>
          <TextField control={form.control} name="legal_name" label="Legal Name" maxLength={200} className="sm:col-span-2" />
          <TextField control={form.control} name="gstin" label="GSTIN" maxLength={15} hint="15 characters, e.g. 29ABCDE1234F1Z5." />
          <SelectField control={form.control} name="state" label="GST State" placeholder="Select state" options={STATES} />
          <TextareaField control={form.control} name="address" label="Address" rows={2} maxLength={500} className="sm:col-span-2" />
          <TextField control={form.control} name="phone" label="Phone" maxLength={20} />
          <TextField control={form.control} name="email" label="E-mail" maxLength={254} />
        </fieldset>
      </Form>
    </Card>
  );
}
