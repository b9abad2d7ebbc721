import { z } from '@arena/contracts/kit';
import {
  PRODUCT_UNITS,
  type ProductUnit,
  productInputSchema,
  subProductInputSchema,
  type Product,
  type SubProduct,
} from '@arena/contracts/store';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/Button';
import { FormDialog } from '../../components/FormDialog';
import { CheckboxField, MoneyField, NumberField, optionsOf, SelectField, TextareaField, TextField } from '../../components/form';
import { PictureInput } from '../../components/PictureInput';
import { requestSchema, type FormInput, type FormOutput } from '../../lib/form';
import { fieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useBrandOptions, useCategoryOptions, useProductMutations, useSubCategoryOptions, useVariantMutations } from './api';
import { GST_RATE_OPTIONS, UNIT_LABELS } from './parts';

const variantFields = z.object({
  name: z.string(),
  sku: z.string(),
  barcode: z.string(),
  mrp: z.string(),
  price: z.string(),
  cost: z.string(),
});
const productFields = z.object({
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  sub_category: z.string(),
  hsn: z.string(),
  gst_rate: z.string(),
  unit: z.string(),
  reorder_level: z.number(),
  tracks_expiry: z.boolean(),
  description: z.string(),
  is_active: z.boolean(),
  variants: z.array(variantFields),
});
/** The form holds ids as select text ('' = none); the request is the contracts' product input. */
const productFormSchema = requestSchema(productFields, productInputSchema, (v, issue) => {
  if (!v.category) issue('category', 'Choose a category.');
  return {
    ...v,
    unit: v.unit as ProductUnit,
    brand: v.brand || null,
    sub_category: v.sub_category || null,
    variants: v.variants.map((x) => ({ ...x, cost: x.cost || '0.00' })),
  };
});
type ProductForm = UseFormReturn<FormInput<typeof productFormSchema>, unknown, FormOutput<typeof productFormSchema>>;

const UNIT_OPTIONS = PRODUCT_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }));
const emptyVariant = { name: '', sku: '', barcode: '', mrp: '', price: '', cost: '' };

/** Add Product (with its first variants) or Edit Product (its own fields; variants are edited on its page), and its picture. */
export function ProductFormDialog({
  open,
  onOpenChange,
  product,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: Product | null;
  onCreated?: (product: Product) => void;
}) {
  const mutations = useProductMutations();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const change = (next: boolean) => {
    if (next) {
      setPicture(null);
      setPictureError(null);
      setRemovePicture(false);
    }
    onOpenChange(next);
  };
  const savePicture = async (saved: Product) => {
    try {
      if (picture) await mutations.uploadPicture.mutateAsync({ id: saved.id, picture });
      else if (removePicture && saved.picture) await mutations.removePicture.mutateAsync(saved.id);
    } catch (error) {
      notify.error(fieldErrors(error).picture ?? `${saved.name} was saved, but its picture was not: try it again.`);
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      size="lg"
      title={product ? `Edit ${product.name}` : 'Add Product'}
      description={
        product
          ? 'The product’s own details. Its variants (flavours, sizes) and their prices are edited on its page.'
          : 'A product and its variants (flavour, size), each with its own SKU, barcode and prices. Stock comes in through purchases.'
      }
      schema={productFormSchema}
      defaultValues={
        product
          ? {
              name: product.name,
              brand: product.brand ? String(product.brand) : '',
              category: String(product.category),
              sub_category: product.sub_category ? String(product.sub_category) : '',
              hsn: product.hsn,
              gst_rate: String(product.gst_rate),
              unit: product.unit,
              reorder_level: product.reorder_level,
              tracks_expiry: product.tracks_expiry,
              description: product.description,
              is_active: product.is_active,
              variants: [],
            }
          : {
              name: '',
              brand: '',
              category: '',
              sub_category: '',
              hsn: '',
              gst_rate: '18',
              unit: 'piece',
              reorder_level: 0,
              tracks_expiry: false,
              description: '',
              is_active: true,
              variants: [{ ...emptyVariant }],
            }
      }
      submitLabel={product ? 'Save Changes' : 'Add Product'}
      onSubmit={async (values) => {
        if (product) {
          const { variants: _unused, ...input } = values;
          const saved = await mutations.update.mutateAsync({ id: product.id, input });
          await savePicture(saved);
          notify.success(`${saved.name} saved.`);
        } else {
          const saved = await mutations.create.mutateAsync(values);
          await savePicture(saved);
          notify.success(`${saved.name} added with ${saved.variants} ${saved.variants === 1 ? 'variant' : 'variants'}.`);
          onCreated?.(saved);
        }
      }}
    >
      {(form) => (
        <div className="space-y-5">
          <ProductFields form={form} />
          <PictureInput
            label="Picture"
            name={product?.name}
            file={picture}
            currentUrl={removePicture ? null : product?.picture}
            onChange={setPicture}
            onRemove={() => {
              setPicture(null);
              setRemovePicture(true);
            }}
            error={pictureError}
            onError={setPictureError}
          />
          {!product && <VariantRows form={form} />}
        </div>
      )}
    </FormDialog>
  );
}

function ProductFields({ form }: { form: ProductForm }) {
  const { control } = form;
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  const category = useWatch({ control, name: 'category' });
  const subCategories = useSubCategoryOptions(category ?? '');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <TextField control={control} name="name" label="Name" required maxLength={160} className="sm:col-span-2 lg:col-span-3" />
      <SelectField
        control={control}
        name="category"
        label="Category"
        required
        placeholder="Choose a category"
        options={optionsOf(categories.data)}
        loading={categories.isPending}
        hint={categories.data?.length === 0 ? 'Add a category first (Store › Category).' : undefined}
      />
      <SelectField
        control={control}
        name="sub_category"
        label="Sub category"
        placeholder="None"
        options={optionsOf(subCategories.data)}
        disabled={!category}
      />
      <SelectField
        control={control}
        name="brand"
        label="Brand"
        placeholder="None"
        options={optionsOf(brands.data)}
        loading={brands.isPending}
      />
      <TextField
        control={control}
        name="hsn"
        label="HSN code"
        required
        inputMode="numeric"
        maxLength={8}
        hint="4 to 8 digits (2106 for protein powders)."
      />
      <SelectField control={control} name="gst_rate" label="GST rate" required options={GST_RATE_OPTIONS} />
      <SelectField control={control} name="unit" label="Unit" required options={UNIT_OPTIONS} />
      <NumberField
        control={control}
        name="reorder_level"
        label="Reorder level"
        suffix="units"
        hint="A variant at or below it shows under Low Stock."
      />
      <div className="sm:col-span-2 lg:col-span-2 sm:pt-7">
        <CheckboxField
          control={control}
          name="tracks_expiry"
          label="Tracks expiry"
          description="Every purchase must give each batch its expiry date; expired stock is never sold."
        />
      </div>
      <TextareaField
        control={control}
        name="description"
        label="Description"
        rows={2}
        maxLength={1000}
        className="sm:col-span-2 lg:col-span-3"
      />
      <CheckboxField control={control} name="is_active" label="Active" description="Sold at the counter and offered in purchases." />
    </div>
  );
}

function VariantRows({ form }: { form: ProductForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'variants' });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Variants</legend>
      <p className="text-xs text-muted">
        A flavour or size with its own codes and prices. The price includes GST and may not be above the MRP.
      </p>
      {fields.map((f, i) => (
        <div key={f.id} className="rounded-lg border border-line p-3">
          <div className="mb-2 flex items-center justify-between">
            <span className="text-xs font-medium text-muted">Variant {i + 1}</span>
            {fields.length > 1 && (
              <Button size="sm" variant="ghost-danger" aria-label={`Remove variant ${i + 1}`} onClick={() => remove(i)}>
                <Trash2 size={14} aria-hidden /> Remove
              </Button>
            )}
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              control={form.control}
              name={`variants.${i}.name`}
              label="Variant name"
              required
              placeholder="Chocolate, 1 kg"
              className="sm:col-span-3"
            />
            <TextField control={form.control} name={`variants.${i}.sku`} label="SKU" maxLength={40} />
            <TextField control={form.control} name={`variants.${i}.barcode`} label="Barcode" maxLength={48} inputMode="numeric" />
            <MoneyField control={form.control} name={`variants.${i}.cost`} label="Cost" hint="Before GST; purchases update it." />
            <MoneyField control={form.control} name={`variants.${i}.mrp`} label="MRP" required />
            <MoneyField control={form.control} name={`variants.${i}.price`} label="Price" required hint="Including GST, at most the MRP." />
          </div>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => append({ ...emptyVariant })}>
        <Plus size={14} aria-hidden /> Add variant
      </Button>
    </fieldset>
  );
}

/** Add or edit one variant of a product (its codes and prices). */
export function VariantFormDialog({
  open,
  onOpenChange,
  product,
  variant,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: Product;
  variant: SubProduct | null;
}) {
  const { create, update } = useVariantMutations();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={variant ? `Edit ${variant.name}` : `Add a variant of ${product.name}`}
      description="The price includes GST and may not be above the MRP (selling above the MRP is an offence in India)."
      schema={subProductInputSchema}
      defaultValues={
        variant
          ? {
              product: product.id,
              name: variant.name,
              sku: variant.sku,
              barcode: variant.barcode,
              mrp: variant.mrp,
              price: variant.price,
              cost: variant.cost,
              is_active: variant.is_active,
            }
          : { product: product.id, name: '', sku: '', barcode: '', mrp: '', price: '', cost: '0.00', is_active: true }
      }
      submitLabel={variant ? 'Save Changes' : 'Add Variant'}
      onSubmit={async (input) => {
        const saved = variant ? await update.mutateAsync({ id: variant.id, input }) : await create.mutateAsync(input);
        notify.success(`${saved.name} saved.`);
      }}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={control} name="name" label="Variant name" required placeholder="Chocolate, 1 kg" className="sm:col-span-2" />
          <TextField control={control} name="sku" label="SKU" maxLength={40} />
          <TextField
            control={control}
            name="barcode"
            label="Barcode"
            maxLength={48}
            inputMode="numeric"
            hint="EAN-13 or any code a scanner reads."
          />
          <MoneyField control={control} name="mrp" label="MRP" required />
          <MoneyField control={control} name="price" label="Price" required hint="Including GST, at most the MRP." />
          <MoneyField control={control} name="cost" label="Cost" hint="A unit’s cost before GST; each purchase updates it." />
          <div className="sm:pt-7">
            <CheckboxField control={control} name="is_active" label="Active" description="Sold at the counter." />
          </div>
        </div>
      )}
    </FormDialog>
  );
}
