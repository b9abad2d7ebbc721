import {
  ASSET_CONDITIONS,
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  assetInputSchema,
  DEPRECIATION_METHOD_LABELS,
  DEPRECIATION_METHODS,
  type Asset,
  type AssetCondition,
  type AssetStatus,
  type DepreciationMethod,
} from '@arena/contracts/asset';
import { z } from '@arena/contracts/kit';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { CheckboxField, DateField, MoneyField, NumberField, optionsOf, SelectField, TextareaField, TextField } from '../../components/form';
import { requestSchema } from '../../lib/form';
import { useCentres, usePaymentModes } from '../../lib/lookups';
import { capitalise } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useAssetCategoryOptions, useAssetMutations, useAssetVendorOptions } from './api';

const fields = z.object({
  name: z.string(),
  category: z.string(),
  centre: z.string(),
  location: z.object({ floor: z.string(), zone: z.string() }),
  make: z.string(),
  model: z.string(),
  serial_no: z.string(),
  purchase_date: z.string(),
  cost: z.string(),
  vendor: z.string(),
  warranty_until: z.string(),
  amc_until: z.string(),
  condition: z.string(),
  status: z.string(),
  useful_life_years: z.number(),
  depreciation_method: z.string(),
  salvage_value: z.string(),
  depreciation_rate: z.string(),
  notes: z.string(),
  bought_now: z.boolean(),
  payment_mode: z.string(),
});
/** The form holds ids and dates as text ('' = none); the request is the contracts' asset input. */
const assetFormSchema = requestSchema(fields, assetInputSchema, (v, issue) => {
  if (!v.category) issue('category', 'Choose a category.');
  if (!v.centre) issue('centre', 'Choose a center.');
  if (!v.purchase_date) issue('purchase_date', 'Enter the purchase date.');
  if (v.bought_now && !v.payment_mode) issue('payment_mode', 'Choose how the purchase was paid.');
  return {
    ...v,
    category: Number(v.category),
    centre: Number(v.centre),
    vendor: v.vendor ? Number(v.vendor) : null,
    warranty_until: v.warranty_until || null,
    amc_until: v.amc_until || null,
    condition: v.condition as AssetCondition,
    status: v.status as AssetStatus,
    depreciation_method: v.depreciation_method as DepreciationMethod,
    salvage_value: v.salvage_value || '0',
    depreciation_rate: v.depreciation_rate ? Number(v.depreciation_rate) : null,
    payment_mode: v.payment_mode ? Number(v.payment_mode) : null,
  };
});

const CONDITION_OPTIONS = ASSET_CONDITIONS.map((c) => ({ value: c, label: capitalise(c) }));
const STATUS_OPTIONS = ASSET_STATUSES.map((s) => ({ value: s, label: ASSET_STATUS_LABELS[s] }));
const METHOD_OPTIONS = DEPRECIATION_METHODS.map((m) => ({ value: m, label: DEPRECIATION_METHOD_LABELS[m] }));

/** Add Asset or Edit Asset: what it is, where it stands, what it cost and how it depreciates. */
export function AssetFormDialog({
  open,
  onOpenChange,
  asset,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  asset: Asset | null;
  onSaved?: (asset: Asset) => void;
}) {
  const mutations = useAssetMutations();
  const categories = useAssetCategoryOptions();
  const vendors = useAssetVendorOptions();
  const centres = useCentres();
  const modes = usePaymentModes();
  const a = asset;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={a ? `Edit ${a.name}` : 'Add Asset'}
      description={
        a
          ? `${a.code}: its details, place, warranty and depreciation.`
          : 'An asset gets its code (AST-0001 …) when saved. Bought now, its cost is entered as an expense under Equipment; an old asset entered into the register posts nothing.'
      }
      schema={assetFormSchema}
      defaultValues={{
        name: a?.name ?? '',
        category: a ? String(a.category) : '',
        centre: a ? String(a.centre) : '',
        location: a?.location ?? { floor: '', zone: '' },
        make: a?.make ?? '',
        model: a?.model ?? '',
        serial_no: a?.serial_no ?? '',
        purchase_date: a?.purchase_date ?? '',
        cost: a?.cost ?? '',
        vendor: a?.vendor ? String(a.vendor) : '',
        warranty_until: a?.warranty_until ?? '',
        amc_until: a?.amc_until ?? '',
        condition: a?.condition ?? 'good',
        status: a?.status ?? 'in_use',
        useful_life_years: a?.useful_life_years ?? 5,
        depreciation_method: a?.depreciation_method ?? 'straight_line',
        salvage_value: a?.salvage_value ?? '0.00',
        depreciation_rate: a?.depreciation_rate ? String(a.depreciation_rate) : '',
        notes: a?.notes ?? '',
        bought_now: false,
        payment_mode: '',
      }}
      submitLabel={a ? 'Save Changes' : 'Add Asset'}
      onSubmit={async (values) => {
        if (a) {
          const { bought_now: _b, payment_mode: _p, ...input } = values;
          const saved = await mutations.update.mutateAsync({ id: a.id, input });
          notify.success(`${saved.code} ${saved.name} saved.`);
          onSaved?.(saved);
        } else {
          const saved = await mutations.create.mutateAsync(values);
          notify.success(`${saved.code} ${saved.name} added.`);
          onSaved?.(saved);
        }
      }}
    >
      {(form) => <AssetFields form={form} creating={!a} options={{ categories, vendors, centres, modes }} />}
    </FormDialog>
  );
}

type Options = { data?: { id: number; name: string }[]; isPending: boolean };

function AssetFields({
  form,
  creating,
  options,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: any;
  creating: boolean;
  options: { categories: Options; vendors: Options; centres: Options; modes: Options };
}) {
  const control = form.control;
  const method = useWatch({ control, name: 'depreciation_method' });
  const boughtNow = useWatch({ control, name: 'bought_now' });
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <TextField control={control} name="name" label="Name" required maxLength={120} className="sm:col-span-2" />
      <SelectField
        control={control}
        name="category"
        label="Category"
        required
        placeholder="Choose a category"
        options={optionsOf(options.categories.data)}
        loading={options.categories.isPending}
      />
      <SelectField
        control={control}
        name="centre"
        label="Center"
        required
        placeholder="Choose a center"
        options={optionsOf(options.centres.data)}
        loading={options.centres.isPending}
      />
      <TextField control={control} name="location.floor" label="Floor" maxLength={40} placeholder="2, Ground, Terrace" />
      <TextField control={control} name="location.zone" label="Zone" maxLength={80} placeholder="Cardio zone" />
      <SelectField
        control={control}
        name="vendor"
        label="Vendor"
        placeholder="No vendor"
        options={optionsOf(options.vendors.data)}
        loading={options.vendors.isPending}
      />
      <TextField control={control} name="make" label="Make" maxLength={80} />
      <TextField control={control} name="model" label="Model" maxLength={80} />
      <TextField control={control} name="serial_no" label="Serial no." maxLength={80} />
      <DateField control={control} name="purchase_date" label="Purchase date" required />
      <MoneyField control={control} name="cost" label="Cost" required />
      <MoneyField control={control} name="salvage_value" label="Salvage value" hint="What it is worth at the end of its life." />
      <DateField control={control} name="warranty_until" label="Warranty until" />
      <DateField control={control} name="amc_until" label="AMC until" />
      <SelectField control={control} name="condition" label="Condition" required options={CONDITION_OPTIONS} />
      <SelectField control={control} name="status" label="Status" required options={STATUS_OPTIONS} />
      <NumberField control={control} name="useful_life_years" label="Useful life" suffix="years" required />
      <SelectField control={control} name="depreciation_method" label="Depreciation" required options={METHOD_OPTIONS} />
      {method === 'written_down_value' && (
        <TextField
          control={control}
          name="depreciation_rate"
          label="Rate a year (%)"
          inputMode="decimal"
          hint="Empty: worked out from the life and the salvage value."
        />
      )}
      <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2 lg:col-span-3" />
      {creating && (
        <>
          <CheckboxField
            control={control}
            name="bought_now"
            label="Bought now"
            description="Enter its cost as an expense (Equipment) on the purchase date."
            className="sm:col-span-2"
          />
          {boughtNow && (
            <SelectField
              control={control}
              name="payment_mode"
              label="Payment Mode"
              required
              placeholder="Select mode"
              options={optionsOf(options.modes.data)}
              loading={options.modes.isPending}
            />
          )}
        </>
      )}
    </div>
  );
}
