import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/platform/db/client.js';
import { inOrg, makeOrganisation, makeStaff, makeStaffCategory, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, onPostgres, type TestContext } from './helpers.js';
import { batchBooks, buy, makeVariant, storeBasics } from './store-support.js';

const CHECKOUT = '/api/store/shopping-cart/checkout/';

describe('store: purchases and the point of sale', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let owner: string;
  let basics: Awaited<ReturnType<typeof storeBasics>>;
  const day = (d: number) => new Date(Date.parse(`${acme.ctx.now.today}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
    basics = await storeBasics(t, acme);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: Record<string, unknown>, token = owner, host = acme.host) =>
    call(t.app, { method: 'POST', url, host, token, payload });
  const get = (url: string, token = owner, host = acme.host) => call(t.app, { method: 'GET', url, host, token });
  const ledger = (type: string, id: number) =>
    inOrg(t, acme, (tx) =>
      queryRows<{ kind: string; direction: string; amount: string; party: string }>(
        tx,
        sql`select kind, direction, amount::text, party from ledger_entry where source_type = ${type} and source_id = ${id} order by id`,
      ),
    );

  it('a bill posts its batches (stock is the sum of movements) and a paid bill its expense under Purchases', async () => {
    const v = await makeVariant(t, acme, basics.category);
    const bill = await buy(
      t,
      acme,
      owner,
      basics,
      [{ sub_product: v, quantity: 12, expiry_date: day(200), cost: '1000.00', gst_rate: 18 }],
      {
        payment: 'paid',
        payment_mode: basics.cash,
      },
    );
    expect(bill).toMatchObject({ status: 'paid', taxable: '12000.00', gst: '2160.00', total: '14160.00', lines: [{ quantity: 12 }] });
    expect(await batchBooks(t, acme, bill.lines[0].batch)).toEqual({ quantity: 12, moved: 12 });
    expect(await ledger('store_purchase', bill.id)).toEqual([
      expect.objectContaining({ kind: 'payment', direction: 'out', amount: '14160.00' }),
    ]);
    // A product that tracks expiry needs the date; the bill writes nothing then.
    const refused = await post('/api/store/purchase/', {
      supplier: basics.supplier,
      centre: basics.centre,
      bill_no: 'NOEXP-1',
      bill_date: acme.ctx.now.today,
      lines: [{ sub_product: v, quantity: 1, cost: '10', gst_rate: 18 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()['lines.0.expiry_date'][0]).toMatch(/tracks expiry/);
    // A payable bill is paid later; a return lowers what is owed and takes the units out of the batch.
    const payable = await buy(t, acme, owner, basics, [
      { sub_product: v, quantity: 5, expiry_date: day(100), cost: '100.00', gst_rate: 18 },
    ]);
    expect(payable.status).toBe('payable');
    const back = await post(`/api/store/purchase/${payable.id}/return/`, {
      lines: [{ purchase_line: payable.lines[0].id, quantity: 6 }],
      reason: 'Damaged',
    });
    expect(back.statusCode).toBe(400);
    expect(back.json()['lines.0.quantity'][0]).toMatch(/At most 5/);
    const returned = await post(`/api/store/purchase/${payable.id}/return/`, {
      lines: [{ purchase_line: payable.lines[0].id, quantity: 2 }],
      reason: 'Damaged',
    });
    expect(returned.json()).toMatchObject({ returned: '236.00', lines: [{ returned: 2 }] });
    expect(await batchBooks(t, acme, payable.lines[0].batch)).toEqual({ quantity: 3, moved: 3 });
    const paid = await post(`/api/store/purchase/${payable.id}/pay/`, { payment_mode: basics.cash });
    expect(paid.json()).toMatchObject({ status: 'paid' });
    expect(await ledger('store_purchase', payable.id)).toEqual([expect.objectContaining({ kind: 'payment', amount: '354.00' })]);
    const again = await post(`/api/store/purchase/${payable.id}/pay/`, { payment_mode: basics.cash });
    expect(again.statusCode).toBe(400);
    // Another organisation's bill is a 404.
    expect(
      (
        await post(
          `/api/store/purchase/${payable.id}/pay/`,
          { payment_mode: basics.cash },
          await login(t.app, other.owner, other.host),
          other.host,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('sells FEFO (earliest expiry first, never an expired batch), with a GST invoice and a split payment', async () => {
    const v = await makeVariant(t, acme, basics.category, { price: '1180.00', mrp: '1200.00', barcode: '8901234567890' });
    const late = await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 5, expiry_date: day(300), batch_no: 'LATE' }]);
    const soon = await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 2, expiry_date: day(20), batch_no: 'SOON' }]);
    // An expired batch (received long ago): its stock is never sold.
    const expired = await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 4, expiry_date: day(40), batch_no: 'OLD' }]);
    await inOrg(t, acme, (tx) => queryRows(tx, sql`update store_batch set expiry_date = ${day(-1)} where id = ${expired.lines[0].batch}`));

    const scan = await get('/api/store/shopping-cart/scan/?code=8901234567890');
    expect(scan.json()).toMatchObject({ id: v, stock: 11, sellable: 7 });
    const sale = await post(CHECKOUT, {
      centre: basics.centre,
      lines: [{ sub_product: v, quantity: 3 }],
      payments: [
        { payment_mode: basics.cash, amount: '1000.00' },
        { payment_mode: basics.upi, amount: '2540.00', reference: '123456789012' },
      ],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const s = sale.json();
    expect(s).toMatchObject({ total: '3540.00', paid: '3540.00', due: '0.00', status: 'paid', customer_name: 'Walk-in customer' });
    expect(s.number).toMatch(/^POS-\d{4}-\d{6}$/);
    expect(s.invoice.number).toMatch(/\//);
    expect(s.lines[0].batches).toEqual([
      expect.objectContaining({ batch_no: 'SOON', quantity: 2 }),
      expect.objectContaining({ batch_no: 'LATE', quantity: 1 }),
    ]);
    expect(s.payments.map((p: { mode: string; amount: string }) => [p.mode, p.amount])).toEqual([
      ['Cash', '1000.00'],
      ['UPI', '2540.00'],
    ]);
    // Cost is FEFO cost (1500 a unit), and the invoice splits the 18 % GST intra-state.
    expect(s.lines[0]).toMatchObject({ cost: '4500.00', gst_rate: 18, total: '3540.00' });
    // The checkout's answer (built from what it wrote) is the sale as the API reads it back.
    expect((await get(`/api/store/sale/${s.id}/`)).json()).toEqual(s);
    const [inv] = await inOrg(t, acme, (tx) =>
      queryRows<{ taxable_value: string; cgst: string; sgst: string }>(
        tx,
        sql`select taxable_value::text, cgst::text, sgst::text from invoice where id = ${s.invoice.id}`,
      ),
    );
    expect(inv).toEqual({ taxable_value: '3000.00', cgst: '270.00', sgst: '270.00' });
    expect(await batchBooks(t, acme, soon.lines[0].batch)).toEqual({ quantity: 0, moved: 0 });
    // The movements name the sale by its number.
    const moves = (await get(`/api/store/stock-movement/?batch=${soon.lines[0].batch}`)).json().results;
    expect(moves.map((m: { kind: string; reference: string }) => [m.kind, m.reference])).toEqual([
      ['sale', s.number],
      ['purchase', expect.stringContaining('bill')],
    ]);
    expect(await batchBooks(t, acme, late.lines[0].batch)).toEqual({ quantity: 4, moved: 4 });

    // 4 sellable left and 4 expired: asking for 5 is refused on the line, and nothing is written.
    const count = async () =>
      (await inOrg(t, acme, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from store_movement`)))[0].n;
    const before = await count();
    const tooMany = await post(CHECKOUT, { centre: basics.centre, lines: [{ sub_product: v, quantity: 5 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()['lines.0.quantity'][0]).toMatch(/Only 4 of .* left in stock/);
    expect(await count()).toBe(before);
    // Once the good batch is gone, only expired stock is left: refused, saying so.
    await post(CHECKOUT, {
      centre: basics.centre,
      lines: [{ sub_product: v, quantity: 4 }],
      payments: [{ payment_mode: basics.cash, amount: '4720.00' }],
    });
    const onlyExpired = await post(CHECKOUT, { centre: basics.centre, lines: [{ sub_product: v, quantity: 1 }] });
    expect(onlyExpired.json()['lines.0.quantity'][0]).toMatch(/Only expired stock/);
    expect(await batchBooks(t, acme, expired.lines[0].batch)).toEqual({ quantity: 4, moved: 4 });
  });

  it('a sale, its movements, its invoice and its receipt commit together or not at all', async () => {
    const v = await makeVariant(t, acme, basics.category, { price: '100.00', mrp: '100.00' });
    const bill = await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 3, expiry_date: day(50) }]);
    const counts = async () =>
      (
        await inOrg(t, acme, (tx) =>
          queryRows<{ sales: number; moves: number; invoices: number; receipts: number }>(
            tx,
            sql`select (select count(*)::int from store_sale) as sales, (select count(*)::int from store_movement) as moves,
                       (select count(*)::int from invoice) as invoices, (select count(*)::int from ledger_entry) as receipts`,
          ),
        )
      )[0];
    const before = await counts();
    // The payment mode is checked by the money module after the stock has moved: the whole sale rolls back.
    const otherMode = (await storeBasics(t, other)).cash;
    const res = await post(CHECKOUT, {
      centre: basics.centre,
      lines: [{ sub_product: v, quantity: 2 }],
      payments: [{ payment_mode: otherMode, amount: '200.00' }],
    });
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await batchBooks(t, acme, bill.lines[0].batch)).toEqual({ quantity: 3, moved: 3 });
  });

  it('refuses overpayment, a due without a customer, a price above the stock; a part-paid sale leaves a due on the customer', async () => {
    const v = await makeVariant(t, acme, basics.category, { price: '100.00', mrp: '100.00' });
    await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 10, expiry_date: day(100) }]);
    const over = await post(CHECKOUT, {
      centre: basics.centre,
      lines: [{ sub_product: v, quantity: 1 }],
      payments: [{ payment_mode: basics.cash, amount: '101.00' }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().payments[0]).toMatch(/exceed/);
    const noCustomer = await post(CHECKOUT, {
      centre: basics.centre,
      lines: [{ sub_product: v, quantity: 1 }],
      payments: [{ payment_mode: basics.cash, amount: '50.00' }],
    });
    expect(noCustomer.json().customer[0]).toMatch(/due on the customer/);
    const seller = await inOrg(t, acme, async (tx, ctx) => {
      const category = (await makeStaffCategory(tx, ctx)).id;
      return (await makeStaff(tx, ctx, { category, centres: [basics.centre], first_name: 'Meena', joining_date: '2025-01-01' })).id;
    });
    const part = await post(CHECKOUT, {
      centre: basics.centre,
      sold_by: seller,
      customer_name: 'Ravi Kumar',
      customer_phone: '9876543210',
      lines: [{ sub_product: v, quantity: 2 }],
      payments: [{ payment_mode: basics.cash, amount: '50.00' }],
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({
      total: '200.00',
      paid: '50.00',
      due: '150.00',
      status: 'partially_paid',
      customer_name: 'Ravi Kumar',
      sold_by: seller,
      sold_by_name: expect.stringMatching(/^Meena/),
    });
    expect((await get(`/api/store/sale/${part.json().id}/`)).json()).toEqual(part.json());
    // The sale list names each sale's invoice.
    const listed = (await get(`/api/store/sale/?search=${part.json().number}`)).json().results;
    expect(listed).toEqual([expect.objectContaining({ id: part.json().id, invoice: part.json().invoice, due: '150.00' })]);
    // The biggest due first: this sale heads the list sorted by due.
    expect((await get('/api/store/sale/?ordering=-due')).json().results[0].id).toBe(part.json().id);
    const customers = await get('/api/store/customer/?search=9876543210');
    expect(customers.json().results).toEqual([expect.objectContaining({ name: 'Ravi Kumar', due: '150.00', purchases: 1 })]);
    // The till's own sales do not notify (a busy counter would bury every other notice); a due collected later does.
    const desk = await login(t.app, await makeUser(t, acme.id, { modules: ['Store Management'] }), acme.host);
    const paidNotices = async () =>
      (
        await inOrg(t, acme, (tx) =>
          queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from notification where event = 'payment_received' and subject_type = 'store_sale'`,
          ),
        )
      )[0].n;
    const atTill = await post(
      CHECKOUT,
      { centre: basics.centre, lines: [{ sub_product: v, quantity: 1 }], payments: [{ payment_mode: basics.cash, amount: '100.00' }] },
      desk,
    );
    expect(atTill.statusCode, atTill.body).toBe(201);
    expect(await paidNotices()).toBe(0);
    const tooMuch = await post(`/api/store/sale/${part.json().id}/collect/`, { payment_mode: basics.cash, amount: '151.00' });
    expect(tooMuch.statusCode).toBe(400);
    const collected = await post(`/api/store/sale/${part.json().id}/collect/`, { payment_mode: basics.upi, amount: '150.00' });
    expect(collected.json()).toMatchObject({ due: '0.00', status: 'paid' });
    expect(await paidNotices()).toBe(0); // the owner collected it: the actor is not told of their own act
    const third = await post(CHECKOUT, {
      centre: basics.centre,
      customer_name: 'Ravi Kumar',
      customer_phone: '9876543210',
      lines: [{ sub_product: v, quantity: 1 }],
    });
    expect(
      (await post(`/api/store/sale/${third.json().id}/collect/`, { payment_mode: basics.cash, amount: '100.00' }, desk)).statusCode,
    ).toBe(200);
    expect(await paidNotices()).toBe(1);
  });

  it('a return puts the units back into their batch, issues a credit note and gives back money beyond the new total; never more than sold', async () => {
    const v = await makeVariant(t, acme, basics.category, { price: '118.00', mrp: '120.00' });
    const bill = await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 5, expiry_date: day(100) }]);
    const sale = (
      await post(CHECKOUT, {
        centre: basics.centre,
        lines: [{ sub_product: v, quantity: 3 }],
        payments: [{ payment_mode: basics.cash, amount: '354.00' }],
      })
    ).json();
    const line = sale.lines[0].id;
    const tooMany = await post(`/api/store/sale/${sale.id}/return/`, { lines: [{ sold_line: line, quantity: 4 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()['lines.0.quantity'][0]).toMatch(/At most 3/);
    const back = await post(`/api/store/sale/${sale.id}/return/`, { lines: [{ sold_line: line, quantity: 2 }], reason: 'Wrong flavour' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ returned: '236.00', paid: '118.00', due: '0.00', lines: [{ returned: 2 }] });
    expect(await batchBooks(t, acme, bill.lines[0].batch)).toEqual({ quantity: 4, moved: 4 });
    const notes = await inOrg(t, acme, (tx) =>
      queryRows<{ total: string }>(
        tx,
        sql`select total::text from invoice where kind = 'credit_note' and source_type = 'store_sale' and source_id = ${sale.id}`,
      ),
    );
    expect(notes).toEqual([{ total: '236.00' }]);
    expect((await ledger('store_sale', sale.id)).map((l) => [l.kind, l.amount])).toEqual([
      ['receipt', '354.00'],
      ['refund', '236.00'],
    ]);
  });

  it('another organisation cannot sell, see or return this one’s things; a user without Store Management gets 403', async () => {
    const v = await makeVariant(t, acme, basics.category);
    const otherOwner = await login(t.app, other.owner, other.host);
    const res = await post(CHECKOUT, { lines: [{ sub_product: v, quantity: 1 }] }, otherOwner, other.host);
    expect(res.statusCode).toBe(400);
    const anySale = (await get('/api/store/sale/')).json().results[0];
    expect((await get(`/api/store/sale/${anySale.id}/`, otherOwner, other.host)).statusCode).toBe(404);
    const clerk = await makeUser(t, acme.id, { modules: ['Membership Management'] });
    const clerkToken = await login(t.app, clerk, acme.host);
    expect((await post(CHECKOUT, { lines: [{ sub_product: v, quantity: 1 }] }, clerkToken)).statusCode).toBe(403);
    expect((await get('/api/store/sale/', clerkToken)).statusCode).toBe(403);
  });

  describe.runIf(onPostgres)('under concurrency (PostgreSQL)', () => {
    it('50 parallel checkouts of the last 10 units sell exactly 10 and refuse the rest, writing nothing for them', async () => {
      const v = await makeVariant(t, acme, basics.category, { price: '100.00', mrp: '100.00' });
      const a = await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 6, expiry_date: day(30) }]);
      const b = await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 4, expiry_date: day(60) }]);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          post(CHECKOUT, {
            centre: basics.centre,
            lines: [{ sub_product: v, quantity: 1 }],
            payments: [{ payment_mode: basics.cash, amount: '100.00' }],
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(10);
      expect(codes.filter((c) => c === 400)).toHaveLength(40);
      for (const r of results.filter((x) => x.statusCode === 400))
        expect(JSON.stringify(r.json())).toMatch(/out of stock|Not enough stock|left in stock/);
      expect(await batchBooks(t, acme, a.lines[0].batch)).toEqual({ quantity: 0, moved: 0 });
      expect(await batchBooks(t, acme, b.lines[0].batch)).toEqual({ quantity: 0, moved: 0 });
      const [sold] = await inOrg(t, acme, (tx) =>
        queryRows<{ sales: number; lines: number; moves: number }>(
          tx,
          sql`select (select count(*)::int from store_sale_line where sub_product_id = ${v}) as lines,
                     (select count(*)::int from store_movement where sub_product_id = ${v} and kind = 'sale') as moves,
                     (select count(*)::int from invoice i join store_sale s on i.source_type = 'store_sale' and i.source_id = s.id
                        join store_sale_line l on l.sale_id = s.id where l.sub_product_id = ${v}) as sales`,
        ),
      );
      expect(sold).toEqual({ sales: 10, lines: 10, moves: 10 });
    });

    it('parallel returns of one line never exceed what was sold', async () => {
      const v = await makeVariant(t, acme, basics.category, { price: '100.00', mrp: '100.00' });
      await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 5, expiry_date: day(30) }]);
      const sale = (
        await post(CHECKOUT, {
          centre: basics.centre,
          lines: [{ sub_product: v, quantity: 3 }],
          payments: [{ payment_mode: basics.cash, amount: '300.00' }],
        })
      ).json();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(`/api/store/sale/${sale.id}/return/`, { lines: [{ sold_line: sale.lines[0].id, quantity: 1 }] }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      const after = (await get(`/api/store/sale/${sale.id}/`)).json();
      expect(after).toMatchObject({ returned: '300.00', paid: '0.00', lines: [{ returned: 3 }] });
    });
  });
});
