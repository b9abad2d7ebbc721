import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/platform/db/client.js';
import { nextDocumentNumber } from '../src/platform/sequence.js';
import { makeOrganisation, type TestOrganisation } from './factories.js';
import { createTestApp, onPostgres, type TestContext } from './helpers.js';

/**
 * GST document numbers: per organisation, series and Indian financial year, consecutive without
 * gaps — a rolled-back sale gives its number back — and distinct under any concurrency.
 */
describe('GST document numbers', () => {
  let ctx: TestContext;
  let org: TestOrganisation;
  let other: TestOrganisation;

  beforeAll(async () => {
    ctx = await createTestApp({}, { poolSize: 10 });
    org = await makeOrganisation(ctx);
    other = await makeOrganisation(ctx);
  });
  afterAll(async () => ctx?.close());

  const take = (o: TestOrganisation, kind: 'invoice' | 'credit_note', date: string) =>
    withTenant(ctx.handle.db, o.id, (tx) => nextDocumentNumber(tx, o.id, kind, date));

  it('counts each series of each organisation and financial year on its own', async () => {
    expect(await take(org, 'invoice', '2026-11-23')).toBe('INV/26-27/00001');
    expect(await take(org, 'invoice', '2027-03-31')).toBe('INV/26-27/00002');
    expect(await take(org, 'credit_note', '2026-11-23')).toBe('CN/26-27/00001');
    expect(await take(org, 'invoice', '2027-04-01')).toBe('INV/27-28/00001');
    expect(await take(other, 'invoice', '2026-11-23')).toBe('INV/26-27/00001');
  });

  it('gives a rolled-back number back, so the series has no gap', async () => {
    await expect(
      withTenant(ctx.handle.db, org.id, async (tx) => {
        await nextDocumentNumber(tx, org.id, 'invoice', '2026-12-01');
        throw new Error('the sale failed');
      }),
    ).rejects.toThrow('the sale failed');
    expect(await take(org, 'invoice', '2026-12-01')).toBe('INV/26-27/00003');
  });

  it.runIf(onPostgres)('hands 100 concurrent sales 100 distinct consecutive numbers', async () => {
    const numbers = await Promise.all(Array.from({ length: 100 }, () => take(other, 'invoice', '2026-12-15')));
    const serials = numbers.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(100);
    expect(serials).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
  });
});
