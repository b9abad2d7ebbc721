import type { StaffInput } from '@arena/contracts/staff';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { shiftDays } from '@arena/contracts';
import { appUser } from '../../platform/db/schema.js';
import { centre } from '../administrator/index.js';
import { staff, staffCategory } from './schema.js';
import { createStaff } from './staff.service.js';

const DEMO_CATEGORIES = [
  { name: 'Trainer', description: 'Floor and personal trainers.', paidLeaveDays: 2 },
  { name: 'Coach', description: 'Sport coaches of the academy batches.', paidLeaveDays: 2 },
  { name: 'Receptionist', description: 'Front desk: members, bookings and payments.', paidLeaveDays: 1 },
  { name: 'Manager', description: 'Runs a centre.', paidLeaveDays: 2 },
  { name: 'Housekeeping', description: 'Cleaning and upkeep.', paidLeaveDays: 1 },
];

type DemoStaff = Pick<StaffInput, 'first_name' | 'last_name' | 'gender' | 'salary_type' | 'base_pay'> &
  Partial<StaffInput> & { categoryName: string; where: 'main' | 'second' | 'both'; years: number };

/** Twelve staff across both centres and every category: one per-session trainer, one on commission. */
const DEMO_STAFF: DemoStaff[] = [
  {
    first_name: 'Vikram',
    last_name: 'Shetty',
    gender: 'male',
    categoryName: 'Manager',
    where: 'both',
    years: 6,
    salary_type: 'monthly',
    base_pay: '65000.00',
    pan: 'BVKPS4821K',
  },
  {
    first_name: 'Kavya',
    last_name: 'Menon',
    gender: 'female',
    categoryName: 'Manager',
    where: 'second',
    years: 3,
    salary_type: 'monthly',
    base_pay: '52000.00',
  },
  {
    first_name: 'Rahul',
    last_name: 'Verma',
    gender: 'male',
    categoryName: 'Trainer',
    where: 'main',
    years: 4,
    salary_type: 'monthly',
    base_pay: '32000.00',
    commission_percent: '10.00',
  },
  {
    first_name: 'Sneha',
    last_name: 'Pillai',
    gender: 'female',
    categoryName: 'Trainer',
    where: 'main',
    years: 2,
    salary_type: 'monthly',
    base_pay: '28000.00',
  },
  {
    first_name: 'Imran',
    last_name: 'Sheikh',
    gender: 'male',
    categoryName: 'Trainer',
    where: 'both',
    years: 1,
    salary_type: 'per_session',
    base_pay: '600.00',
  },
  {
    first_name: 'Divya',
    last_name: 'Hegde',
    gender: 'female',
    categoryName: 'Trainer',
    where: 'second',
    years: 2,
    salary_type: 'monthly',
    base_pay: '27000.00',
  },
  {
    first_name: 'Arjun',
    last_name: 'Nair',
    gender: 'male',
    categoryName: 'Coach',
    where: 'main',
    years: 5,
    salary_type: 'monthly',
    base_pay: '35000.00',
  },
  {
    first_name: 'Meera',
    last_name: 'Iyer',
    gender: 'female',
    categoryName: 'Coach',
    where: 'second',
    years: 3,
    salary_type: 'hourly',
    base_pay: '450.00',
  },
  {
    first_name: 'Pooja',
    last_name: 'Reddy',
    gender: 'female',
    categoryName: 'Receptionist',
    where: 'main',
    years: 2,
    salary_type: 'monthly',
    base_pay: '18000.00',
  },
  {
    first_name: 'Sameer',
    last_name: 'Khan',
    gender: 'male',
    categoryName: 'Receptionist',
    where: 'second',
    years: 1,
    salary_type: 'monthly',
    base_pay: '17000.00',
  },
  {
    first_name: 'Lakshmi',
    last_name: 'Gowda',
    gender: 'female',
    categoryName: 'Housekeeping',
    where: 'main',
    years: 3,
    salary_type: 'monthly',
    base_pay: '12000.00',
  },
  {
    first_name: 'Manjunath',
    last_name: 'B',
    gender: 'male',
    categoryName: 'Housekeeping',
    where: 'second',
    years: 2,
    salary_type: 'hourly',
    base_pay: '90.00',
  },
];

/** The demo organisations' staff categories and staff (once: a second seed run adds nothing). */
export async function seedStaff(tx: Tx, ctx: Ctx): Promise<void> {
  const org = ctx.organisationId;
  await tx
    .insert(staffCategory)
    .values(DEMO_CATEGORIES.map((c) => ({ ...c, organisationId: org })))
    .onConflictDoNothing();
  const [{ n }] = await tx.select({ n: count() }).from(staff).where(eq(staff.organisationId, org));
  if (Number(n) > 0) return;
  const centres = await tx.select({ id: centre.id }).from(centre).where(eq(centre.organisationId, org)).orderBy(asc(centre.id));
  if (!centres.length) return;
  const categories = new Map(
    (
      await tx
        .select({ id: staffCategory.id, name: staffCategory.name })
        .from(staffCategory)
        .where(and(eq(staffCategory.organisationId, org)))
    ).map((c) => [c.name, c.id]),
  );
  const main = centres[0].id;
  const second = centres[1]?.id ?? main;
  // The demo's non-owner logins (the front desk, desk@demo.example.com) are its main centre's
  // receptionists, linked to their user: their login and modules unchanged, each at operate (issue 21).
  const logins = await tx
    .select()
    .from(appUser)
    .where(and(eq(appUser.organisationId, org), eq(appUser.isOwner, false)))
    .orderBy(asc(appUser.id));
  let i = 0;
  for (const { categoryName, where, years, ...demo } of DEMO_STAFF) {
    const category = categories.get(categoryName);
    if (!category) continue;
    i += 1;
    const user = categoryName === 'Receptionist' && where === 'main' ? logins.shift() : undefined;
    const person = user
      ? { ...demo, first_name: user.firstName, last_name: user.lastName, gender: 'male' as const, email: user.email }
      : demo;
    const first = person.first_name.toLowerCase();
    const made = await createStaff(tx, ctx, {
      phone: `98860${String(10000 + i * 137).slice(-5)}`,
      email: `${first}@staff.example.com`,
      date_of_birth: `${1984 + ((i * 3) % 16)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      address: 'Bengaluru',
      category,
      centres: where === 'both' ? [main, second] : [where === 'main' ? main : second],
      joining_date: shiftDays(ctx.now.today, -365 * years - i * 11),
      commission_percent: '0.00',
      bank_account: `50100${String(1234567 + i * 7919).padStart(9, '0')}`,
      ifsc: i % 2 ? 'HDFC0001234' : 'SBIN0040471',
      upi_id: `${first}@okhdfcbank`,
      pan: '',
      status: 'active',
      notes: '',
      ...person,
    });
    if (user) {
      await tx
        .update(staff)
        .set({ userId: user.id })
        .where(and(eq(staff.organisationId, org), eq(staff.id, made.id)));
      await tx
        .update(appUser)
        .set({ moduleLevels: Object.fromEntries(user.grantedModules.map((m) => [m, 'operate'])) })
        .where(eq(appUser.id, user.id));
    }
  }
}

/** The demo's coaches for the batches (active staff of the Coach category, by code). */
export async function demoCoaches(tx: Tx, ctx: Ctx): Promise<number[]> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .innerJoin(staffCategory, and(eq(staffCategory.organisationId, staff.organisationId), eq(staffCategory.id, staff.categoryId)))
    .where(and(eq(staff.organisationId, ctx.organisationId), eq(staff.status, 'active'), eq(staffCategory.name, 'Coach')))
    .orderBy(asc(staff.staffCode));
  return rows.map((r) => r.id);
}

/** The demo's active staff who take enquiries and complaints (managers, receptionists, trainers), by code: CRM's demo seed. */
export async function demoDeskStaff(tx: Tx, ctx: Ctx): Promise<number[]> {
  const rows = await tx
    .select({ id: staff.id, category: staffCategory.name })
    .from(staff)
    .innerJoin(staffCategory, and(eq(staffCategory.organisationId, staff.organisationId), eq(staffCategory.id, staff.categoryId)))
    .where(and(eq(staff.organisationId, ctx.organisationId), eq(staff.status, 'active')))
    .orderBy(asc(staff.staffCode));
  return rows.filter((r) => ['Manager', 'Receptionist', 'Trainer'].includes(r.category)).map((r) => r.id);
}
