import { z } from '@arena/contracts/kit';
import {
  brandInputSchema,
  categoryInputSchema,
  subCategoryInputSchema,
  type Brand,
  type StoreCategory,
  type SubCategory,
} from '@arena/contracts/store';
import { FolderTree, Layers, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { createdAtColumn, nameColumn, statusColumn } from '../../components/columns';
import type { Column } from '../../components/DataTable';
import { CheckboxField, optionsOf, SelectField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { formatCount } from '../../lib/format';
import { requestSchema } from '../../lib/form';
import { brands, categories, subCategories, useCategoryOptions } from './api';

/** The category is held as select text ('' = none chosen yet). */
const subCategoryFormSchema = requestSchema(
  z.object({ name: z.string(), description: z.string(), is_active: z.boolean(), category: z.string() }),
  subCategoryInputSchema,
  (v, issue) => {
    if (!v.category) issue('category', 'Choose a category.');
    return v;
  },
);

const countColumn = <T,>(id: string, header: string, value: (row: T) => number): Column<T> => ({
  id,
  header,
  align: 'right',
  cell: (row) => formatCount(value(row)),
});

/** Name, description and Active: the fields every named lookup of the store has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function NamedFields({ control, children, offered }: { control: any; children?: ReactNode; offered: string }) {
  return (
    <div className="grid gap-4">
      {children}
      <TextField control={control} name="name" label="Name" required maxLength={100} />
      <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} />
      <CheckboxField control={control} name="is_active" label="Active" description={offered} />
    </div>
  );
}

/** Store › Category: whey, creatine, accessories… Products and sub-categories are filed under them. */
export function CategoryPage() {
  return (
    <LookupListPage
      resource={categories}
      title="Category"
      description="The kinds of goods the store sells (Protein, Supplements, Accessories, Drinks). Products, sub-categories and the store reports are grouped by them."
      addLabel="Add Category"
      tableTitle="Store categories"
      columns={[
        nameColumn<StoreCategory>((c) => c.description),
        countColumn<StoreCategory>('sub_categories', 'Sub-categories', (c) => c.sub_categories),
        countColumn<StoreCategory>('products', 'Products', (c) => c.products),
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[statusFilter]}
      empty={{
        icon: FolderTree,
        title: 'No categories yet',
        description: 'Add the kinds of goods you sell, such as Protein or Accessories.',
      }}
      form={{
        schema: categoryInputSchema,
        defaultValues: (c) =>
          c ? { name: c.name, description: c.description, is_active: c.is_active } : { name: '', description: '', is_active: true },
        fields: ({ control }) => <NamedFields control={control} offered="Offered when adding products." />,
      }}
      activeToggle="toggle"
      deleteNote="Only a category with no products or sub-categories can be deleted. If it is in use, deactivate it instead."
    />
  );
}

/** Store › Sub Category: a category's finer groups (Whey Isolate under Protein). */
export function SubCategoryPage() {
  const categoryOptions = useCategoryOptions();
  const options = optionsOf(categoryOptions.data);
  return (
    <LookupListPage
      resource={subCategories}
      title="Sub Category"
      description="Finer groups within a category (Whey Isolate and Mass Gainer under Protein), to file and filter products by."
      addLabel="Add Sub Category"
      tableTitle="Store sub-categories"
      columns={[
        nameColumn<SubCategory>((s) => s.description),
        { id: 'category', header: 'Category', sortKey: 'category', cell: (s) => s.category_name, mobile: 'subtitle' },
        countColumn<SubCategory>('products', 'Products', (s) => s.products),
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[{ name: 'category', label: 'Category', options }, statusFilter]}
      empty={{ icon: Layers, title: 'No sub-categories yet', description: 'Add finer groups within a category, such as Whey Isolate.' }}
      form={{
        schema: subCategoryFormSchema,
        defaultValues: (s, filters) =>
          s
            ? { name: s.name, description: s.description, is_active: s.is_active, category: String(s.category) }
            : { name: '', description: '', is_active: true, category: filters.category ?? '' },
        fields: ({ control }) => (
          <NamedFields control={control} offered="Offered when adding products.">
            <SelectField
              control={control}
              name="category"
              label="Category"
              required
              placeholder="Choose a category"
              options={options}
              loading={categoryOptions.isPending}
            />
          </NamedFields>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a sub-category with no products can be deleted. If it is in use, deactivate it instead."
    />
  );
}

/** Store › Brand: the makers of what the store sells. */
export function BrandPage() {
  return (
    <LookupListPage
      resource={brands}
      title="Brand"
      description="The makers of the goods you sell (Optimum Nutrition, MuscleBlaze, Boldfit). Products and the store reports are filtered by them."
      addLabel="Add Brand"
      tableTitle="Brands"
      columns={[
        nameColumn<Brand>((b) => b.description),
        countColumn<Brand>('products', 'Products', (b) => b.products),
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[statusFilter]}
      empty={{ icon: Tag, title: 'No brands yet', description: 'Add the brands you stock, such as Optimum Nutrition or MuscleBlaze.' }}
      form={{
        schema: brandInputSchema,
        defaultValues: (b) =>
          b ? { name: b.name, description: b.description, is_active: b.is_active } : { name: '', description: '', is_active: true },
        fields: ({ control }) => <NamedFields control={control} offered="Offered when adding products." />,
      }}
      activeToggle="toggle"
      deleteNote="Only a brand with no products can be deleted. If it is in use, deactivate it instead."
    />
  );
}
