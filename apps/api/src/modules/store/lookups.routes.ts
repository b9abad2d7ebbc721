/**
 * Store › Brand, Category, Sub Category, Suppliers and Customers: lookups through the generic CRUD,
 * each with the counts its screen shows. One that products, bills or sales name cannot be deleted
 * (409, deactivate it instead); the composite foreign keys remain the guarantee.
 */
import {
  brandEndpoints,
  categoryEndpoints,
  customerEndpoints,
  subCategoryEndpoints,
  supplierEndpoints,
  type Brand,
  type Customer,
  type StoreCategory,
  type SubCategory,
  type Supplier,
} from '@arena/contracts/store';
import { idSchema } from '@arena/contracts/kit';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { countNaming, createdColumn, refuseDeleteWhileNamed, registerCrud, statusColumn } from '../../platform/crud.js';
import { activeFilter, showName, yesNo } from '../../platform/list.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { checkMember } from '../membership/index.js';
import { MODULE } from './constants.js';
import { brand, category, customer, subCategory, supplier } from './schema.js';

export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  // ---- brand ----
  await app.register(async (scope) => {
    refuseDeleteWhileNamed(scope, [['store_product', 'brand_id']], 'Products carry this brand: deactivate it instead.');
    registerCrud(scope, {
      endpoints: brandEndpoints,
      module: MODULE,
      resource: 'store_brand',
      table: brand,
      join: {
        fields: { row: brand, products: countNaming('store_product', 'brand_id', 'store_brand') },
        from: (tx, fields) => tx.select(fields).from(brand).$dynamic(),
      },
      toOutput: ({ row, products }: { row: typeof brand.$inferSelect; products: number }) => ({ ...rowToJson(row), products }) as Brand,
      toValues: inputToValues,
      label: (b) => b.name,
      search: [brand.name, brand.description],
      ordering: { id: brand.id, name: brand.name, is_active: brand.isActive, created_at: brand.createdAt },
      defaultOrdering: [asc(brand.name)],
      filters: { is_active: activeFilter(brand.isActive) },
      dropdown: { label: brand.name, where: eq(brand.isActive, true) },
      unique: { store_brand_org_name_key: { field: 'name', message: 'A brand with this name already exists.' } },
      export: {
        filename: 'store-brands',
        title: 'Brands',
        columns: [
          { header: 'Name', value: (b) => b.name },
          { header: 'Description', value: (b) => b.description },
          { header: 'Products', value: (b) => b.products, type: 'number' },
          statusColumn,
          createdColumn,
        ],
      },
    });
  });

  // ---- category ----
  await app.register(async (scope) => {
    refuseDeleteWhileNamed(
      scope,
      [
        ['store_product', 'category_id'],
        ['store_sub_category', 'category_id'],
      ],
      'Products or sub-categories are filed under this category: deactivate it instead.',
    );
    registerCrud(scope, {
      endpoints: categoryEndpoints,
      module: MODULE,
      resource: 'store_category',
      table: category,
      join: {
        fields: {
          row: category,
          products: countNaming('store_product', 'category_id', 'store_category'),
          subCategories: countNaming('store_sub_category', 'category_id', 'store_category'),
        },
        from: (tx, fields) => tx.select(fields).from(category).$dynamic(),
      },
      toOutput: ({ row, products, subCategories }: { row: typeof category.$inferSelect; products: number; subCategories: number }) =>
        ({ ...rowToJson(row), products, sub_categories: subCategories }) as StoreCategory,
      toValues: inputToValues,
      label: (c) => c.name,
      search: [category.name, category.description],
      ordering: { id: category.id, name: category.name, is_active: category.isActive, created_at: category.createdAt },
      defaultOrdering: [asc(category.name)],
      filters: { is_active: activeFilter(category.isActive) },
      dropdown: { label: category.name, where: eq(category.isActive, true) },
      unique: { store_category_org_name_key: { field: 'name', message: 'A category with this name already exists.' } },
      export: {
        filename: 'store-categories',
        title: 'Categories',
        columns: [
          { header: 'Name', value: (c) => c.name },
          { header: 'Description', value: (c) => c.description },
          { header: 'Sub-categories', value: (c) => c.sub_categories, type: 'number' },
          { header: 'Products', value: (c) => c.products, type: 'number' },
          statusColumn,
          createdColumn,
        ],
      },
    });
  });

  // ---- sub-category ----
  await app.register(async (scope) => {
    refuseDeleteWhileNamed(
      scope,
      [['store_product', 'sub_category_id']],
      'Products are filed under this sub-category: deactivate it instead.',
    );
    registerCrud(scope, {
      endpoints: subCategoryEndpoints,
      module: MODULE,
      resource: 'store_sub_category',
      table: subCategory,
      join: {
        fields: {
          row: subCategory,
          categoryName: category.name,
          products: countNaming('store_product', 'sub_category_id', 'store_sub_category'),
        },
        from: (tx, fields) =>
          tx
            .select(fields)
            .from(subCategory)
            .innerJoin(
              category,
              sql`${category.organisationId} = ${subCategory.organisationId} and ${category.id} = ${subCategory.categoryId}`,
            )
            .$dynamic(),
      },
      toOutput: ({ row, categoryName, products }: { row: typeof subCategory.$inferSelect; categoryName: string; products: number }) =>
        ({ ...rowToJson(row, ['categoryId']), category: row.categoryId, category_name: categoryName, products }) as SubCategory,
      // The input's `category` is the column category_id.
      toValues: ({ category: categoryId, ...rest }) => ({ ...inputToValues(rest), ...(categoryId !== undefined ? { categoryId } : {}) }),
      references: { category },
      label: (c) => c.name,
      search: [subCategory.name, subCategory.description, category.name],
      ordering: {
        id: subCategory.id,
        name: subCategory.name,
        category: category.name,
        is_active: subCategory.isActive,
        created_at: subCategory.createdAt,
      },
      defaultOrdering: [asc(category.name), asc(subCategory.name)],
      filters: {
        is_active: activeFilter(subCategory.isActive),
        category: { schema: idSchema, where: (v: number) => eq(subCategory.categoryId, v), label: 'Category', show: showName(category) },
      },
      dropdown: { label: subCategory.name, where: eq(subCategory.isActive, true) },
      unique: { store_sub_category_org_name_key: { field: 'name', message: 'This category already has a sub-category with this name.' } },
      export: {
        filename: 'store-sub-categories',
        title: 'Sub-categories',
        columns: [
          { header: 'Name', value: (c) => c.name },
          { header: 'Category', value: (c) => c.category_name },
          { header: 'Description', value: (c) => c.description },
          { header: 'Products', value: (c) => c.products, type: 'number' },
          statusColumn,
          createdColumn,
        ],
      },
    });
  });

  // ---- supplier ----
  await app.register(async (scope) => {
    refuseDeleteWhileNamed(scope, [['store_purchase', 'supplier_id']], 'This supplier has bills on record: deactivate it instead.');
    const payable = sql<string>`(select coalesce(sum(p.total - p.returned), 0)::text from store_purchase p
      where p.organisation_id = store_supplier.organisation_id and p.supplier_id = store_supplier.id and p.status = 'payable')`;
    registerCrud(scope, {
      endpoints: supplierEndpoints,
      module: MODULE,
      resource: 'store_supplier',
      table: supplier,
      join: {
        fields: { row: supplier, payable, purchases: countNaming('store_purchase', 'supplier_id', 'store_supplier') },
        from: (tx, fields) => tx.select(fields).from(supplier).$dynamic(),
      },
      toOutput: ({ row, payable, purchases }: { row: typeof supplier.$inferSelect; payable: string; purchases: number }) =>
        ({ ...rowToJson(row), payable: Number(payable).toFixed(2), purchases }) as Supplier,
      toValues: inputToValues,
      label: (s) => s.name,
      search: [supplier.name, supplier.contactPerson, supplier.phone, supplier.email, supplier.gstin],
      ordering: { id: supplier.id, name: supplier.name, is_active: supplier.isActive, created_at: supplier.createdAt },
      defaultOrdering: [asc(supplier.name)],
      filters: { is_active: activeFilter(supplier.isActive) },
      dropdown: { label: supplier.name, where: eq(supplier.isActive, true) },
      unique: { store_supplier_org_name_key: { field: 'name', message: 'A supplier with this name already exists.' } },
      export: {
        filename: 'store-suppliers',
        title: 'Suppliers',
        columns: [
          { header: 'Name', value: (s) => s.name },
          { header: 'Contact person', value: (s) => s.contact_person },
          { header: 'Phone', value: (s) => s.phone },
          { header: 'Email', value: (s) => s.email },
          { header: 'GSTIN', value: (s) => s.gstin },
          { header: 'State', value: (s) => s.state },
          { header: 'Payment terms (days)', value: (s) => s.payment_terms_days, type: 'number' },
          { header: 'Payable', value: (s) => s.payable, type: 'money' },
          statusColumn,
          createdColumn,
        ],
      },
    });
  });

  // ---- customer ----
  await app.register(async (scope) => {
    refuseDeleteWhileNamed(scope, [['store_sale', 'customer_id']], 'This customer has bought from the store: deactivate them instead.');
    const sales = (what: string) =>
      sql.raw(
        `(select ${what} from store_sale s where s.organisation_id = store_customer.organisation_id and s.customer_id = store_customer.id)`,
      );
    const due = sql<string>`${sales('coalesce(sum(greatest(s.total - s.returned - s.paid, 0)), 0)::text')}`;
    registerCrud(scope, {
      endpoints: customerEndpoints,
      module: MODULE,
      resource: 'store_customer',
      table: customer,
      join: {
        fields: {
          row: customer,
          purchases: sql<number>`${sales('count(*)::int')}`.mapWith(Number),
          spent: sql<string>`${sales('coalesce(sum(s.total - s.returned), 0)::text')}`,
          due,
          lastPurchase: sql<string | null>`${sales('max(s.date)::text')}`,
        },
        from: (tx, fields) => tx.select(fields).from(customer).$dynamic(),
      },
      toOutput: ({
        row,
        purchases,
        spent,
        due,
        lastPurchase,
      }: {
        row: typeof customer.$inferSelect;
        purchases: number;
        spent: string;
        due: string;
        lastPurchase: string | null;
      }) =>
        ({
          ...rowToJson(row, ['memberId']),
          member: row.memberId,
          member_name: row.memberId ? row.name : '',
          purchases,
          spent: Number(spent).toFixed(2),
          due: Number(due).toFixed(2),
          last_purchase: lastPurchase,
        }) as Customer,
      // The input's `member` is the column member_id.
      toValues: ({ member: memberId, ...rest }) => ({ ...inputToValues(rest), ...(memberId !== undefined ? { memberId } : {}) }),
      beforeWrite: async (tx, ctx, { input }) => {
        if (input.member !== undefined) await checkMember(tx, ctx, 'member', input.member);
      },
      label: (c) => (c.phone ? `${c.name} (${c.phone})` : c.name),
      search: [customer.name, customer.phone, customer.email],
      ordering: { id: customer.id, name: customer.name, is_active: customer.isActive, created_at: customer.createdAt },
      defaultOrdering: [asc(customer.name)],
      filters: {
        is_active: activeFilter(customer.isActive),
        has_due: {
          schema: z.stringbool(),
          where: (v: boolean) => (v ? sql`${due}::numeric > 0` : sql`${due}::numeric = 0`),
          label: 'With dues',
          show: yesNo,
        },
        member: { schema: idSchema, where: (v: number) => eq(customer.memberId, v), label: 'Member' },
      },
      dropdown: { label: customer.name, where: eq(customer.isActive, true) },
      unique: {
        store_customer_org_phone_key: { field: 'phone', message: 'A customer with this phone number already exists.' },
        store_customer_org_member_key: { field: 'member', message: 'This member is already a customer.' },
      },
      export: {
        filename: 'store-customers',
        title: 'Customers',
        columns: [
          { header: 'Name', value: (c) => c.name },
          { header: 'Phone', value: (c) => c.phone },
          { header: 'Email', value: (c) => c.email },
          { header: 'Member', value: (c) => (c.member ? 'Yes' : 'No') },
          { header: 'Purchases', value: (c) => c.purchases, type: 'number' },
          { header: 'Spent', value: (c) => c.spent, type: 'money' },
          { header: 'Due', value: (c) => c.due, type: 'money' },
          { header: 'Last purchase', value: (c) => c.last_purchase ?? '', type: 'date' },
          statusColumn,
          createdColumn,
        ],
      },
    });
  });
}
