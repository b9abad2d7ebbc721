import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite, migrationsFolder } from '../src/platform/db/client.js';
import { migrationsUpTo } from './helpers.js';

/**
 * The migration that moved booking payments onto the ledger: a database with bookings and
 * payments from before it keeps every payment (as a receipt of its booking) and every booking
 * gets the invoice new bookings get — numbered per financial year, taxed as new ones are.
 */
describe('booking payments move onto the ledger', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-migration-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps every payment and invoices every booking', async () => {
    const client = await createPglite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(dir, '0005_booking_search') });
    await client.exec(`
      insert into organisation (subdomain, display_name, account_number, gstin, time_zone) values ('old', 'Old Club', 'ARN900001', '29AAHCD1234K1ZL', 'Asia/Kolkata');
      insert into centre (organisation_id, name, state) values (1, 'Main', ''), (1, 'Across', 'Tamil Nadu');
      insert into sport (organisation_id, name) values (1, 'Badminton');
      insert into facility (organisation_id, centre_id, sport_id, name) values (1, 1, 1, 'Court 1'), (1, 2, 1, 'Court 9');
      insert into booking_client (organisation_id, name, mobile) values (1, 'Asha', '9845000001');
      insert into payment_mode (organisation_id, name) values (1, 'Cash'), (1, 'UPI');
      insert into booking (organisation_id, code, centre_id, facility_id, client_id, date, source, name, mobile, sub_total, booking_amount, paid_amount, status, created_at)
        values (1, 'BK-2026-000001', 1, 1, 1, '2026-03-30', 'desk', 'Asha', '9845000001', 1180, 1180, 1180, 'completed', '2026-03-30 10:00+05:30'),
               (1, 'BK-2026-000002', 2, 2, 1, '2026-04-02', 'online', 'Asha', '9845000001', 500, 500, 300, 'confirmed', '2026-04-01 09:00+05:30'),
               (1, 'BK-2026-000003', 1, 1, 1, '2026-04-03', 'online', 'Asha', '9845000001', 600, 600, 0, 'cancelled', '2026-04-01 11:00+05:30');
      insert into booking_payment (organisation_id, booking_id, amount, payment_mode_id, reference, paid_on)
        values (1, 1, 1000, 1, '', '2026-03-30'), (1, 1, 180, 2, '123456789012', '2026-03-30'), (1, 2, 300, 2, '123456789012', '2026-04-01');
    `);
    await migrate(db, { migrationsFolder: migrationsFolder() });

    const ledger = await client.query<{ source_id: string; amount: string; reference: string; invoice_number: string; kind: string }>(
      `select l.source_id::text, l.amount::text, l.reference, i.number as invoice_number, l.kind
       from ledger_entry l left join invoice i on i.id = l.invoice_id order by l.id`,
    );
    expect(ledger.rows).toEqual([
      { source_id: '1', amount: '1000.00', reference: '', invoice_number: 'INV/25-26/00001', kind: 'receipt' },
      { source_id: '1', amount: '180.00', reference: '123456789012', invoice_number: 'INV/25-26/00001', kind: 'receipt' },
      // The same UTR recorded twice before UTRs were unique: both payments kept, the later one marked.
      { source_id: '2', amount: '300.00', reference: '123456789012/2', invoice_number: 'INV/26-27/00001', kind: 'receipt' },
    ]);
    const invoices = await client.query<Record<string, string>>(
      `select number, source_label, taxable_value::text, cgst::text, sgst::text, igst::text, round_off::text, total::text, paid::text, status, place_of_supply
       from invoice order by id`,
    );
    expect(invoices.rows).toEqual([
      // 1180 at 18 %: 1000 taxable + 90 + 90, in the financial year of the day it was made (25-26).
      {
        number: 'INV/25-26/00001',
        source_label: 'BK-2026-000001',
        taxable_value: '1000.00',
        cgst: '90.00',
        sgst: '90.00',
        igst: '0.00',
        round_off: '0.00',
        total: '1180.00',
        paid: '1180.00',
        status: 'paid',
        place_of_supply: '',
      },
      // The organisation had no state before the ledger, so every sale counts as within its state:
      // 500 / 1.18 = 423.73, 9 % = 38.14 each, and the round-off takes the paisa back to 500.
      {
        number: 'INV/26-27/00001',
        source_label: 'BK-2026-000002',
        taxable_value: '423.73',
        cgst: '38.14',
        sgst: '38.14',
        igst: '0.00',
        round_off: '-0.01',
        total: '500.00',
        paid: '300.00',
        status: 'partially_paid',
        place_of_supply: 'Tamil Nadu',
      },
      expect.objectContaining({ number: 'INV/26-27/00002', source_label: 'BK-2026-000003', status: 'cancelled', paid: '0.00' }),
    ]);
    const lines = await client.query<{ n: number }>(`select count(*)::int as n from invoice_line`);
    expect(lines.rows[0].n).toBe(3);
    const series = await client.query<{ name: string; last_value: string }>(
      `select name, last_value::text from document_sequence order by name`,
    );
    expect(series.rows).toEqual([
      { name: 'INV:25-26', last_value: '1' },
      { name: 'INV:26-27', last_value: '2' },
    ]);
    const gone = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where tablename = 'booking_payment'`);
    expect(gone.rows[0].n).toBe(0);
    await client.close();
  });
});
