/**
 * Demo data of Income/Expenses Management (the `demo` organisation only): the club's vendors and
 * about four months of its running costs — rent on the 1st (salaries come from Staff Management's payroll), the
 * electricity bill with 18 % GST, equipment, maintenance, marketing — and some other income
 * (locker rent, a sponsorship). Every entry goes through the entry service, so each is a
 * movement of the ledger like one recorded at the desk. Only dates up to today.
 */
import type { IncomeExpenseInput } from '@arena/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import type { Ctx } from '../../../platform/request-context.js';
import { addDays } from '../../../platform/time.js';
import { centre, paymentMode } from '../../administrator/index.js';
import { moneyCategory } from '../schema.js';
import { monthsBefore } from './ledger.queries.js';
import { createEntry } from './entry.service.js';
import { vendor } from '../schema.js';

const VENDORS = [
  {
    name: 'Bescom',
    phone: '1912000000',
    email: 'billing@bescom.example.com',
    gstin: '29AAACB6372N1Z7',
    address: 'K.R. Circle, Bengaluru 560001',
    notes: 'Electricity. Account no. 7412 0098 31.',
  },
  {
    name: 'Sri Lakshmi Properties',
    phone: '9845123400',
    email: 'accounts@srilakshmiproperties.example.com',
    gstin: '29AAKFS4821H1ZX',
    address: '3rd Floor, 12 CMH Road, Indiranagar, Bengaluru 560038',
    notes: 'Landlord of the Main Centre. Rent due on the 1st.',
  },
  {
    name: 'Decathlon Sports India',
    phone: '8061789000',
    email: 'b2b.bengaluru@decathlon.example.com',
    gstin: '29AACCD5193F1ZJ',
    address: 'Sarjapur Road, Bengaluru 560035',
    notes: 'Nets, racquets, shuttles, balls.',
  },
  {
    name: 'CoolAir Services',
    phone: '9900456712',
    email: '',
    gstin: '',
    address: 'HAL 2nd Stage, Bengaluru 560008',
    notes: 'Air-conditioning and pump maintenance.',
  },
  {
    name: 'Instamedia Ads',
    phone: '9742018833',
    email: 'hello@instamedia.example.com',
    gstin: '',
    address: 'Koramangala 5th Block, Bengaluru 560095',
    notes: 'Social media campaigns.',
  },
];

/** A repeatable "random" amount between min and max for month `i`, a multiple of ₹10. */
const vary = (i: number, min: number, max: number) => Math.round((min + (((i * 7919) % 101) / 100) * (max - min)) / 10) * 10;

export async function seedIncomeExpense(tx: Tx, ctx: Ctx): Promise<void> {
  if (ctx.organisation.subdomain !== 'demo') return;
  const org = ctx.organisationId;
  const [existing] = await tx.select({ id: vendor.id }).from(vendor).where(eq(vendor.organisationId, org)).limit(1);
  if (existing) return;

  const vendors = await tx
    .insert(vendor)
    .values(VENDORS.map((v) => ({ ...v, organisationId: org })))
    .returning({ id: vendor.id, name: vendor.name });
  const vendorId = (name: string) => vendors.find((v) => v.name === name)!.id;
  const [categories, modes, centres] = await Promise.all([
    tx.select().from(moneyCategory).where(eq(moneyCategory.organisationId, org)),
    tx
      .select()
      .from(paymentMode)
      .where(and(eq(paymentMode.organisationId, org), eq(paymentMode.isActive, true))),
    tx.select().from(centre).where(eq(centre.organisationId, org)).orderBy(centre.id),
  ]);
  const category = (type: 'income' | 'expense', name: string) => categories.find((c) => c.type === type && c.name === name)?.id;
  const mode = (name: string) => (modes.find((m) => m.name === name) ?? modes[0])?.id;
  const main = centres[0]?.id ?? null;
  const second = centres[1]?.id ?? main;
  if (!modes.length || !category('expense', 'Rent')) return; // the administrator's seed has not run

  const today = ctx.now.today;
  const entries: (IncomeExpenseInput & { category: number | undefined })[] = [];
  const add = (
    e: Omit<IncomeExpenseInput, 'gst_rate' | 'notes' | 'vendor' | 'centre' | 'reference' | 'buyer_name' | 'buyer_gstin'> &
      Partial<IncomeExpenseInput>,
  ) => entries.push({ gst_rate: 0, notes: '', reference: '', vendor: null, centre: main, buyer_name: '', buyer_gstin: '', ...e });

  for (let back = 3; back >= 0; back--) {
    const first = monthsBefore(today, back);
    const month = new Date(`${first}T00:00:00Z`).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const day = (n: number) => addDays(first, n - 1);
    const i = 4 - back;
    add({
      type: 'expense',
      title: `Rent — ${month}`,
      category: category('expense', 'Rent')!,
      vendor: vendorId('Sri Lakshmi Properties'),
      amount: '85000.00',
      date: first,
      payment_mode: mode('Bank transfer')!,
      reference: `NEFT${first.replace(/-/g, '')}01`,
    });
    add({
      type: 'expense',
      title: `Electricity bill — ${month}`,
      category: category('expense', 'Electricity')!,
      vendor: vendorId('Bescom'),
      amount: `${vary(i, 18000, 26000)}.00`,
      gst_rate: 18,
      date: day(9),
      payment_mode: mode('UPI')!,
      reference: `BESCOM${first.slice(0, 7).replace('-', '')}`,
    });
    add({
      type: 'expense',
      title: 'AC and pump servicing',
      category: category('expense', 'Maintenance')!,
      vendor: vendorId('CoolAir Services'),
      amount: `${vary(i + 3, 6500, 14500)}.00`,
      gst_rate: 18,
      date: day(18),
      payment_mode: mode('UPI')!,
      notes: 'Quarterly servicing of the hall ACs; pump motor check.',
    });
    add({
      type: 'income',
      title: `Locker rent — ${month}`,
      category: category('income', 'Other income')!,
      amount: `${vary(i + 5, 5200, 7400)}.00`,
      date: day(6),
      payment_mode: mode('Cash')!,
      notes: 'Monthly locker rentals collected at the front desk.',
    });
    // Salaries are not entered here: Staff Management's payroll pays them (an expense under Salaries per staff member).
    if (back === 3 || back === 1)
      add({
        type: 'expense',
        title: back === 3 ? 'Badminton nets, shuttles and racquets' : 'Football goalposts and training cones',
        category: category('expense', 'Equipment')!,
        vendor: vendorId('Decathlon Sports India'),
        amount: back === 3 ? '48600.00' : '72400.00',
        gst_rate: 18,
        date: day(12),
        payment_mode: mode('Card')!,
        centre: back === 3 ? main : second,
      });
    if (back !== 1)
      add({
        type: 'expense',
        title: back === 0 ? 'Instagram campaign — summer camp' : 'Instagram and Google ads',
        category: category('expense', 'Marketing')!,
        vendor: vendorId('Instamedia Ads'),
        amount: back === 0 ? '30000.00' : '18000.00',
        gst_rate: 18,
        date: day(4),
        payment_mode: mode('UPI')!,
      });
    if (back === 2)
      add({
        type: 'income',
        title: 'Event sponsorship — Summer Smash Tournament',
        category: category('income', 'Other income')!,
        amount: '50000.00',
        date: day(15),
        payment_mode: mode('Bank transfer')!,
        reference: `SPONSOR${first.slice(0, 7).replace('-', '')}`,
        notes: 'Title sponsorship by a local sports drink brand.',
      });
  }

  for (const e of entries.filter((x) => x.date <= today && x.category !== undefined).sort((a, b) => a.date.localeCompare(b.date)))
    await createEntry(tx, ctx, { ...e, category: e.category! });
}
