import { organisationEndpoints } from '@arena/contracts/administrator/routes';
import { embedOriginLines, embedOriginSchema, MAX_EMBED_ORIGINS } from '@arena/contracts/public';
import { GST_STATES, gstinSchema, gstinState } from '@arena/contracts/kit';
import { singleLineText, text, z } from '@arena/contracts/kit';
import { type Organisation } from '@arena/contracts/administrator';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Form, NumberField, SelectField, TextareaField, TextField } from '../../components/form';
import { call } from '../../lib/api';
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
          const updated = await call(organisationEndpoints.update, {
            body: {
              ...values,
              state: values.state || (values.gstin ? (gstinState(values.gstin) ?? '') : ''),
            },
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
          <TextField control={form.control} name="gstin" label="GSTIN" maxLength={15} hint="15 characters, e.g. 29ABCDE1234F1ZW." />
          <SelectField control={form.control} name="state" label="GST State" placeholder="Select state" options={STATES} />
          <TextareaField control={form.control} name="address" label="Address" rows={2} maxLength={500} className="sm:col-span-2" />
          <TextField control={form.control} name="phone" label="Phone" maxLength={20} />
          <TextField control={form.control} name="email" label="E-mail" maxLength={254} />
        </fieldset>
      </Form>
    </Card>
  );
}

/** One origin per line; each line's mistake names the line, as the API's 400 names the entry. */
const embedSchema = z.object({
  embed_origins: z.string().superRefine((value, ctx) => {
    const lines = value.split(/\r?\n/);
    const problems: string[] = [];
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      const parsed = embedOriginSchema.safeParse(line);
      if (!parsed.success) problems.push(`Line ${i + 1}: ${parsed.error.issues[0].message}`);
    });
    if (embedOriginLines(value).length > MAX_EMBED_ORIGINS) problems.push(`At most ${MAX_EMBED_ORIGINS} origins.`);
    if (problems.length) ctx.addIssue({ code: 'custom', message: problems.join(' ') });
  }),
});

/**
 * Administrator › Profile: the websites that may show the online-booking portal in an iframe
 * (the portal answers with `frame-ancestors` of this list; every other page refuses framing).
 */
export function EmbedOriginsCard({ org, editable }: { org: Organisation; editable: boolean }) {
  const queryClient = useQueryClient();
  const form = useZodForm(embedSchema, { defaultValues: { embed_origins: (org.embed_origins ?? []).join('\n') } });
  const portal = `${window.location.origin}/online-booking`;
  return (
    <Card className="mt-6 p-5 sm:p-6">
      <h2 className="text-sm font-semibold">Embed the online booking</h2>
      <p className="mb-4 mt-1 text-sm text-muted">
        Show the booking portal on your own website in an iframe: add your website&apos;s address below, then use{' '}
        <code className="rounded bg-subtle px-1 py-0.5 text-xs">{`<iframe src="${portal}" …>`}</code>. Add{' '}
        <code className="rounded bg-subtle px-1 py-0.5 text-xs">?centre=1&amp;facility=4</code> to preselect a centre and a facility.
      </p>
      <Form
        form={form}
        onSubmit={async (values) => {
          const updated = await call(organisationEndpoints.update, {
            body: {
              embed_origins: embedOriginLines(values.embed_origins),
            },
          });
          queryClient.setQueryData(organisationKey, updated);
          form.reset({ embed_origins: updated.embed_origins.join('\n') });
          notify.success('Embed origins saved.');
        }}
        footer={({ submitting }) => (
          <div className="flex justify-end">
            <Button type="submit" disabled={!editable || submitting || !form.formState.isDirty}>
              {submitting ? 'Saving…' : 'Save Embed Origins'}
            </Button>
          </div>
        )}
      >
        <fieldset disabled={!editable}>
          <legend className="sr-only">Embed origins</legend>
          <TextareaField
            control={form.control}
            name="embed_origins"
            label="Embed origins"
            rows={3}
            placeholder="https://www.yourclub.in"
            hint={`One origin per line, like https://www.yourclub.in (https, no path); at most ${MAX_EMBED_ORIGINS}.`}
          />
        </fieldset>
      </Form>
    </Card>
  );
}

const capSchema = z.object({
  operate_discount_cap_percent: z
    .number({ error: 'Enter a percentage from 0 to 100.' })
    .min(0, 'Enter a percentage from 0 to 100.')
    .max(100, 'Enter a percentage from 0 to 100.'),
});

/**
 * The largest discount (a percentage of the price) a user with the Operate level may give on a
 * sale; Manage users and the owner are not capped. The API refuses a larger one (issue 21).
 */
export function DiscountCapCard({ org, editable }: { org: Organisation; editable: boolean }) {
  const queryClient = useQueryClient();
  const form = useZodForm(capSchema, { defaultValues: { operate_discount_cap_percent: Number(org.operate_discount_cap_percent) } });
  return (
    <Card className="mt-6 p-5 sm:p-6">
      <h2 className="text-sm font-semibold">Discounts at the desk</h2>
      <p className="mb-4 mt-1 text-sm text-muted">
        Staff with the Operate level may give at most this discount on a plan, a service or a booking. Staff with Manage, and you, are not
        capped.
      </p>
      <Form
        form={form}
        onSubmit={async (values) => {
          const updated = await call(organisationEndpoints.update, { body: values });
          queryClient.setQueryData(organisationKey, updated);
          form.reset({ operate_discount_cap_percent: Number(updated.operate_discount_cap_percent) });
          notify.success('The discount cap was saved.');
        }}
        footer={({ submitting }) => (
          <div className="flex justify-end">
            <Button type="submit" disabled={!editable || submitting || !form.formState.isDirty}>
              {submitting ? 'Saving…' : 'Save Discount Cap'}
            </Button>
          </div>
        )}
      >
        <fieldset disabled={!editable} className="max-w-xs">
          <legend className="sr-only">Discount cap</legend>
          <NumberField
            control={form.control}
            name="operate_discount_cap_percent"
            label="Largest desk discount"
            integer={false}
            suffix="%"
          />
        </fieldset>
      </Form>
    </Card>
  );
}
