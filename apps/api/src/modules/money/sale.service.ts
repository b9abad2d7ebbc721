/**
 * The one way a module sells: `sell` prices a sale (its tax invoice's lines with the tax split,
 * the payments taken with it, the sale's own audit entry) without writing anything but what
 * it must check; `numberSales` — the last statement of the sale's transaction — writes every
 * pending sale at once: the sale's readable number when it asks for one (a booking's code), its
 * paid amount, the invoice numbered in its financial year's series, the lines, the receipts and
 * the audit rows. One statement for any number of sales (a booking, a subscription's fifty, the
 * demo seed's thousands), and the series rows stay locked only until the commit, so the numbers
 * are gapless (a rolled-back sale gives its numbers back).
 *
 * ```ts
 * const pending = await sell(tx, ctx, { source: { type: 'membership', id, label }, buyer, lines, payments, centre });
 * const [sold] = await numberSales(tx, ctx, [pending]);     // sold.invoice.number === 'INV/26-27/00017'
 * ```
 */
import { B2C_DETAILS_FROM_PAISE, financialYear, fromPaise, paise, UTR_MESSAGE } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { fieldError, invalidPk, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { documentNumberSql, sequenceTake } from '../../platform/sequence.js';
import { MODULE } from './constants.js';
import { buildInvoice, sellerFor, type BuiltInvoice, type Buyer, type SaleItem } from './invoice.service.js';
import { activeMode, checkMovementDate, notifyPayment } from './ledger.service.js';
import type { SellerSnapshot } from './schema.js';
import { followSet, saleSource, target } from './sources.js';

/** A payment taken with a sale: the mode by id (checked: active, this organisation's) or as already read. */
export interface SalePayment {
  amount: string;
  paymentMode: number | { id: number; name: string };
  reference?: string;
  /** The day the money came (default the organisation's today). */
  date?: string;
  notes?: string;
}

/** A sale's own number, taken from a per-organisation counter when the sale is written (`BK-2026-` + 6 digits). */
export interface SaleNumber {
  /** The counter's name, e.g. `booking:2026`. */
  series: string;
  prefix: string;
  /** Digits at least (zero-padded). */
  digits: number;
}

export interface Sale {
  /** The sale's row (a declared sale source). Its `label` as it stands, or `number` to give it one with the invoice. */
  source: { type: string; id: number; label?: string; number?: SaleNumber };
  buyer: Buyer;
  lines: readonly SaleItem[];
  payments?: readonly SalePayment[];
  centre: number | null;
  /** Who sold it (default the request's user). */
  soldBy?: number | null;
  /** The invoice's date (default the organisation's today). */
  date?: string;
  /** The seller, place of supply and invoice series when the caller has read them already (`sellerOf`); read otherwise. */
  seller?: { seller: SellerSnapshot; placeOfSupply: string; series: string };
  /**
   * The place of supply when it is not the centre's state: a registered buyer's state for a service
   * whose place of supply is the recipient's location (section 12(2) of the IGST Act).
   */
  placeOfSupply?: string;
  /** The request field a missing buyer detail is reported on (default `buyer`). */
  buyerField?: string;
  /** The audit row of the sale itself, written with its number (`codeKey` names the field that gets it). */
  audit?: { resource: string; after: Record<string, unknown>; codeKey?: string };
  /** Write the invoice's and the receipts' audit rows (the demo seed's history goes without). Default true. */
  auditMoney?: boolean;
  /**
   * Send the `payment_received` notification of what is paid with the sale. Default true; the
   * store's till says false: a counter sale is paid in front of the desk, and a busy till would
   * bury every other notice (its dashboard shows the day's sales; a due collected later notifies).
   */
  notifyPaid?: boolean;
}

/** A sale priced and checked, not yet written: give it to `numberSales`. */
export interface PendingSale {
  sale: Sale;
  date: string;
  built: BuiltInvoice;
  seller: { seller: SellerSnapshot; placeOfSupply: string; series: string };
  payments: { amount: string; modeId: number; modeName: string; reference: string; date: string; notes: string }[];
  paid: string;
  status: 'issued' | 'partially_paid' | 'paid';
  /** CGST + SGST + IGST of the invoice. */
  tax: string;
}

/** A sale written: its label (the number it was given, if any), paid amount and numbered invoice. */
export interface SoldSale {
  source: { type: string; id: number; label: string };
  paid: string;
  invoice: { id: number; number: string; status: 'issued' | 'partially_paid' | 'paid' };
  receipts: number[];
}

/** The tax invoice a sale would get: lines with the tax split, totals (pure; `sell` uses it). */
export function priceSale(date: string, seller: { seller: SellerSnapshot; placeOfSupply: string }, lines: readonly SaleItem[]) {
  const built = buildInvoice(date, seller.seller, seller.placeOfSupply, lines);
  return { built, tax: fromPaise(paise(built.cgst) + paise(built.sgst) + paise(built.igst)) };
}

/**
 * Prices and checks a sale — payments within the total (400 on `payment.amount`), each payment
 * mode active (400 on `payment_mode`) — and returns it pending; nothing is written until
 * `numberSales`.
 */
export async function sell(tx: Tx, ctx: Ctx, sale: Sale): Promise<PendingSale> {
  saleSource(sale.source.type);
  const date = sale.date ?? ctx.now.today;
  const venue = sale.seller ?? (await sellerFor(tx, ctx, sale.centre));
  const seller = sale.placeOfSupply ? { ...venue, placeOfSupply: sale.placeOfSupply } : venue;
  const { built, tax } = priceSale(date, seller, sale.lines);
  checkBuyer(sale, built);
  const payments: PendingSale['payments'] = [];
  for (const p of sale.payments ?? []) {
    if (paise(p.amount) <= 0) continue;
    checkMovementDate(ctx, p.date, 'payment.date');
    const mode = typeof p.paymentMode === 'number' ? await activeMode(tx, ctx, p.paymentMode) : p.paymentMode;
    payments.push({
      amount: fromPaise(paise(p.amount)),
      modeId: mode.id,
      modeName: mode.name,
      reference: p.reference ?? '',
      date: p.date ?? ctx.now.today,
      notes: p.notes ?? '',
    });
  }
  const paidPaise = payments.reduce((n, p) => n + paise(p.amount), 0);
  const totalPaise = paise(built.total);
  if (paidPaise > totalPaise) throw fieldError('payment.amount', `The payment cannot exceed the total (${built.total}).`);
  const status = paidPaise <= 0 ? 'issued' : paidPaise >= totalPaise ? 'paid' : 'partially_paid';
  return { sale, date, built, seller, payments, paid: fromPaise(paidPaise), status, tax };
}

/**
 * Rule 46(e): a tax invoice of ₹50,000 or more to a buyer without a GSTIN carries the buyer's
 * name, address and state — the sale asks for them (400 on `buyerField`).
 */
function checkBuyer(sale: Sale, built: BuiltInvoice): void {
  if (built.billOfSupply || sale.buyer.gstin || paise(built.total) < B2C_DETAILS_FROM_PAISE) return;
  if (sale.buyer.name.trim() && sale.buyer.address?.trim() && sale.buyer.state?.trim()) return;
  throw fieldError(
    sale.buyerField ?? 'buyer',
    `A tax invoice of ₹50,000 or more to a buyer without a GSTIN carries their name, address and state (rule 46): add them to the billing details first.`,
  );
}

/** The buyer's address as the invoice prints it: with the state. */
const addressOf = (b: Buyer) => [b.address?.trim(), b.state?.trim()].filter(Boolean).join(', ');

const utr = onUnique({ ledger_entry_utr_key: { field: 'reference', message: UTR_MESSAGE } });

/** The count of a series' numbers `numberSales` takes, and each sale's place among them. */
function ordinals<K>(keys: K[]): { counts: Map<K, number>; ord: number[] } {
  const counts = new Map<K, number>();
  const ord = keys.map((k) => {
    const n = counts.get(k) ?? 0;
    counts.set(k, n + 1);
    return n;
  });
  return { counts, ord };
}

/**
 * Writes pending sales in one statement, as the last of their transaction (see the file's
 * comment). With `guard`, the caller's condition (over CTEs it adds in front, which may read its
 * own tables) is checked in the same statement after the sales' row locks: when it does not hold
 * nothing is written and the answer is `{ refused: value }`.
 */
export async function numberSales(tx: Tx, ctx: Ctx, pending: readonly PendingSale[]): Promise<SoldSale[]>;
export async function numberSales(
  tx: Tx,
  ctx: Ctx,
  pending: readonly PendingSale[],
  guard: { with: SQL; holds: SQL; value: SQL },
): Promise<SoldSale[] | { refused: number }>;
export async function numberSales(
  tx: Tx,
  ctx: Ctx,
  pending: readonly PendingSale[],
  guard?: { with: SQL; holds: SQL; value: SQL },
): Promise<SoldSale[] | { refused: number }> {
  if (!pending.length) return [];
  const org = ctx.organisationId;
  const actor = ctx.actor;
  const holds = guard ? sql`(${guard.holds})` : sql`true`;
  // Every series a number is taken from: the sales' own (a booking's code) and the invoices' per financial year.
  const codeSeries = ordinals(pending.map((p) => p.sale.source.number?.series ?? ''));
  // Each registration numbers its own series (`INV`, or `IN33` for a centre registered in Tamil Nadu).
  const seriesOf = (p: PendingSale) => `${p.seller.series}:${financialYear(p.date).label}`;
  const invoiceSeries = ordinals(pending.map(seriesOf));
  const takes = [
    ...[...codeSeries.counts].filter(([name]) => name).map(([name, count]) => ({ name, count })),
    ...[...invoiceSeries.counts].map(([name, count]) => ({ name, count })),
  ];
  const sales = pending.map((p, k) => {
    const s = p.sale;
    const number = s.source.number;
    return {
      k,
      source_type: s.source.type,
      source_id: s.source.id,
      code_series: number?.series ?? null,
      code_ord: codeSeries.ord[k],
      code_prefix: number?.prefix ?? null,
      code_digits: number?.digits ?? null,
      label: s.source.label ?? null,
      series: seriesOf(p),
      prefix: p.seller.series,
      fy: financialYear(p.date).label,
      ord: invoiceSeries.ord[k],
      date: p.date,
      module: saleSource(s.source.type).module,
      centre_id: s.centre,
      bill_of_supply: p.built.billOfSupply,
      seller: p.seller.seller,
      place_of_supply: p.seller.placeOfSupply,
      buyer_name: s.buyer.name,
      buyer_phone: s.buyer.phone ?? '',
      buyer_email: s.buyer.email ?? '',
      buyer_gstin: s.buyer.gstin ?? '',
      buyer_address: addressOf(s.buyer),
      taxable_value: p.built.taxableValue,
      cgst: p.built.cgst,
      sgst: p.built.sgst,
      igst: p.built.igst,
      round_off: p.built.roundOff,
      total: p.built.total,
      paid: p.paid,
      status: p.status,
      created_by: s.soldBy === undefined ? actor.actorId : s.soldBy,
      audit_money: s.auditMoney !== false,
      audit_resource: s.audit?.resource ?? null,
      audit_code_key: s.audit?.codeKey ?? null,
      audit_after: s.audit?.after ?? null,
    };
  });
  const lines = pending.flatMap((p, k) =>
    p.built.lines.map((l) => ({
      k,
      position: l.position,
      description: l.description,
      sac_code: l.sacCode ?? '',
      quantity: l.quantity,
      unit_price: l.unitPrice,
      discount: l.discount,
      taxable_value: l.taxableValue,
      gst_rate: l.gstRate,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
      total: l.total,
    })),
  );
  const payments = pending.flatMap((p, k) =>
    p.payments.map((pay) => ({ k, amount: pay.amount, mode_id: pay.modeId, reference: pay.reference, date: pay.date, notes: pay.notes })),
  );

  // One update per kind of sale: the number (when asked), the paid amount and what follows it.
  const types = [...new Set(pending.map((p) => p.sale.source.type))];
  const updates = types.map((type, i) => {
    const src = saleSource(type);
    const paidAfter = sql`(${src.paid} + x.paid)`;
    const code = sql`case when x.code_series is null then ${src.label}
      else x.code_prefix || lpad(x.number::text, greatest(x.code_digits, length(x.number::text)), '0') end`;
    return sql`src${sql.raw(String(i))} as (
      update ${src.table} set ${target(src.label)} = ${code}, ${target(src.paid)} = ${paidAfter}${followSet(src, paidAfter)}, updated_at = now()
      from (select s.k, s.source_id, s.paid, s.code_series, s.code_prefix, s.code_digits, seq.last_value - seq.taken + 1 + s.code_ord as number
            from sales s left join seq on seq.name = s.code_series where s.source_type = ${type}) as x
      where ${src.table}.organisation_id = ${org}::bigint and ${src.table}.id = x.source_id and ${holds}
      returning x.k, ${src.label}::text as label, ${src.party}::text as party, ${src.centre}::bigint as centre_id, ${src.paid}::text as paid)`;
  });
  const src = sql.join(
    types.map((_, i) => sql.raw(`select * from src${i}`)),
    sql` union all `,
  );
  const invoiceNumber = documentNumberSql(sql`s.fy`, sql`iseq.last_value - iseq.taken + 1 + s.ord`, sql`s.prefix`);
  const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

  const run = queryRows<{ sold: SoldRow[] | string | null; refused: number | null }>(
    tx,
    sql`with ${guard ? sql`${guard.with},` : sql``}
      sales as (select * from jsonb_to_recordset(${json(sales)}) as s (k int, source_type text, source_id bigint, code_series text, code_ord int,
        code_prefix text, code_digits int, label text, series text, prefix text, fy text, ord int, date date, module text, centre_id bigint,
        bill_of_supply boolean, seller jsonb, place_of_supply text, buyer_name text, buyer_phone text, buyer_email text, buyer_gstin text,
        buyer_address text, taxable_value numeric, cgst numeric, sgst numeric, igst numeric, round_off numeric, total numeric, paid numeric,
        status text, created_by bigint, audit_money boolean, audit_resource text, audit_code_key text, audit_after jsonb)),
      ${sequenceTake('seq', org, takes, holds)},
      ${sql.join(updates, sql`, `)},
      src as (${src}),
      iseq as (select * from seq where exists (select 1 from src)),
      inv as (
        insert into invoice (organisation_id, kind, number, date, module, source_type, source_id, source_label, centre_id, bill_of_supply, seller,
                             buyer_name, buyer_phone, buyer_email, buyer_gstin, buyer_address, place_of_supply, taxable_value, cgst, sgst, igst,
                             round_off, total, paid, status, created_by)
        select ${org}::bigint, 'invoice', ${invoiceNumber}, s.date, s.module, s.source_type, s.source_id, src.label, s.centre_id,
               s.bill_of_supply, s.seller, s.buyer_name, s.buyer_phone, s.buyer_email, s.buyer_gstin, s.buyer_address, s.place_of_supply,
               s.taxable_value, s.cgst, s.sgst, s.igst, s.round_off, s.total, s.paid, s.status, s.created_by
        from sales s join src on src.k = s.k join iseq on iseq.name = s.series
        returning id, number, source_type, source_id),
      sold as (select s.k, inv.id, inv.number, src.label, src.party, src.centre_id, src.paid, s.module, s.total, s.status, s.audit_money,
                      s.audit_resource, s.audit_code_key, s.audit_after, s.source_id, s.source_type, s.created_by
               from sales s join src on src.k = s.k join inv on inv.source_type = s.source_type and inv.source_id = s.source_id),
      il as (
        insert into invoice_line (organisation_id, invoice_id, position, description, sac_code, quantity, unit_price, discount, taxable_value,
                                  gst_rate, cgst, sgst, igst, total)
        select ${org}::bigint, sold.id, l.position, l.description, l.sac_code, l.quantity, l.unit_price, l.discount, l.taxable_value,
               l.gst_rate, l.cgst, l.sgst, l.igst, l.total
        from jsonb_to_recordset(${json(lines)}) as l (k int, position int, description text, sac_code text, quantity numeric, unit_price numeric,
               discount numeric, taxable_value numeric, gst_rate numeric, cgst numeric, sgst numeric, igst numeric, total numeric)
          join sold on sold.k = l.k
        returning id),
      le as (
        insert into ledger_entry (organisation_id, date, kind, direction, type, amount, payment_mode_id, reference, module, source_type,
                                  source_id, source_label, party, invoice_id, centre_id, notes, recorded_by)
        select ${org}::bigint, p.date, 'receipt', 'in', 'income', p.amount, p.mode_id, p.reference, sold.module, sold.source_type,
               sold.source_id, sold.label, sold.party, sold.id, sold.centre_id, p.notes, sold.created_by
        from jsonb_to_recordset(${json(payments)}) as p (k int, amount numeric, mode_id bigint, reference text, date date, notes text)
          join sold on sold.k = p.k
        returning id, source_type, source_id, amount, reference, source_label, module),
      a as (
        insert into audit_log (organisation_id, module, resource, object_id, object_label, action, actor_id, actor_email, after, ip, user_agent, request_id)
        select ${org}::bigint, v.module, v.resource, v.object_id, v.label, 'create', ${actor.actorId}::bigint, ${actor.actorEmail}, v.after,
               ${actor.ip}, ${actor.userAgent}, ${actor.requestId}
        from (
          select sold.module, sold.audit_resource as resource, sold.source_id::text as object_id, sold.label,
                 case when sold.audit_code_key is null then sold.audit_after else jsonb_build_object(sold.audit_code_key, sold.label) || sold.audit_after end as after
          from sold where sold.audit_resource is not null
          union all
          select ${MODULE}, 'invoice', sold.id::text, sold.number, jsonb_build_object('number', sold.number, 'source', sold.label, 'total', sold.total::text)
          from sold where sold.audit_money
          union all
          select le.module, 'ledger_entry', le.id::text, le.source_label,
                 jsonb_build_object('kind', 'receipt', 'amount', le.amount::text, 'reference', le.reference, 'source', le.source_label)
          from le join sold on sold.source_type = le.source_type and sold.source_id = le.source_id where sold.audit_money
        ) v)
      select (select json_agg(json_build_object('k', sold.k, 'id', sold.id, 'number', sold.number, 'label', sold.label, 'paid', sold.paid,
                'party', sold.party, 'centre_id', sold.centre_id,
                'receipts', (select coalesce(json_agg(le.id order by le.id), '[]') from le where le.source_type = sold.source_type and le.source_id = sold.source_id)))
              from sold) as sold,
             ${guard ? sql`(${guard.value})::int` : sql`null::int`} as refused`,
  ).catch(utr);
  const [result] = await run;
  const rows = (typeof result.sold === 'string' ? (JSON.parse(result.sold) as SoldRow[]) : result.sold) ?? [];
  if (!rows.length) {
    if (guard) return { refused: Number(result.refused ?? 0) };
    throw new Error('numberSales wrote nothing: a sale source row is missing.');
  }
  if (rows.length !== pending.length) throw fieldError('source', invalidPk(null));
  const byK = new Map(rows.map((r) => [Number(r.k), r]));
  const sold = pending.map((p, k) => {
    const r = byK.get(k)!;
    return {
      source: { type: p.sale.source.type, id: p.sale.source.id, label: r.label },
      paid: fromPaise(paise(String(r.paid))),
      invoice: { id: Number(r.id), number: r.number, status: p.status },
      receipts: (r.receipts ?? []).map(Number),
    };
  });
  await notifyPaidAtSale(
    tx,
    ctx,
    pending.map((p, k) => ({ p, r: byK.get(k)! })),
  );
  return sold;
}

/** Past this many paid sales in one go (a recurring booking's dates), one notification sums them up. */
const PAID_AT_SALE_ONE_BY_ONE = 3;

/**
 * A payment taken with the sale (a new member's first payment, a desk booking paid at once): the
 * same `payment_received` notification as a later payment (`receive`); past PAID_AT_SALE_ONE_BY_ONE
 * sales at once, one that sums them up. Not for the demo's history.
 */
async function notifyPaidAtSale(tx: Tx, ctx: Ctx, sales: { p: PendingSale; r: SoldRow }[]): Promise<void> {
  const paid = sales.filter(
    ({ p }) => p.payments.length && p.sale.auditMoney !== false && p.sale.notifyPaid !== false && paise(p.paid) > 0,
  );
  const notice = ({ p, r }: (typeof paid)[number]) => ({
    ref: p.sale.source,
    label: r.label,
    party: r.party,
    amount: p.paid,
    modes: [...new Set(p.payments.map((x) => x.modeName))].join(' and '),
    invoiceId: Number(r.id),
    centre: r.centre_id === null ? null : Number(r.centre_id),
  });
  if (paid.length > PAID_AT_SALE_ONE_BY_ONE)
    await notifyPayment(tx, ctx, {
      ...notice(paid[0]),
      amount: fromPaise(paid.reduce((n, { p }) => n + paise(p.paid), 0)),
      count: paid.length,
    });
  else for (const sale of paid) await notifyPayment(tx, ctx, notice(sale));
}

interface SoldRow {
  k: number;
  id: number | string;
  number: string;
  label: string;
  paid: string | number;
  party: string;
  centre_id: number | string | null;
  receipts: (number | string)[] | null;
}

/** `sell` and `numberSales` of one sale: for a transaction that sells nothing else. */
export async function sellNow(tx: Tx, ctx: Ctx, sale: Sale): Promise<SoldSale> {
  const [sold] = await numberSales(tx, ctx, [await sell(tx, ctx, sale)]);
  return sold;
}
