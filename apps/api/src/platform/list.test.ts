import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import { describe, expect, it } from 'vitest';
import { inlineIntegers } from './list.js';

const thing = pgTable('thing', { id: integer('id'), organisationId: integer('organisation_id'), name: text('name') });
// Builds SQL only: nothing here connects.
const db = drizzle.mock();
const compiled = (q: { toSQL(): { sql: string; params: unknown[] } }) => q.toSQL();
const page = db
  .select()
  .from(thing)
  .where(sql`${thing.organisationId} = ${sql.placeholder('organisationId')}`)
  .limit(sql.placeholder('limit'))
  .offset(sql.placeholder('offset'));

describe('a compiled page written out for a one-message read', () => {
  it('writes the organisation, the limit and the offset in as integers', () => {
    const write = inlineIntegers(compiled(page))!;
    expect(write).not.toBeNull();
    const text = write({ organisationId: 7, limit: 20, offset: 40 });
    expect(text).toBe('select "id", "organisation_id", "name" from "thing" where "thing"."organisation_id" = 7 limit 20 offset 40');
  });

  it('refuses a value that is not a safe integer', () => {
    const write = inlineIntegers(compiled(page))!;
    expect(() => write({ organisationId: 7, limit: 1.5, offset: 0 })).toThrow(/not an integer/);
    expect(() => write({ organisationId: Number.NaN, limit: 20, offset: 0 })).toThrow(/not an integer/);
    expect(() => write({ organisationId: 2 ** 60, limit: 20, offset: 0 })).toThrow(/not an integer/);
  });

  it('is not offered for a statement with any other parameter (a value a client sent)', () => {
    const searched = db
      .select()
      .from(thing)
      .where(sql`${thing.name} = ${"x'; drop table thing; --"}`)
      .limit(sql.placeholder('limit'));
    expect(inlineIntegers(compiled(searched))).toBeNull();
    const otherPlaceholder = db
      .select()
      .from(thing)
      .where(sql`${thing.name} = ${sql.placeholder('name')}`);
    expect(inlineIntegers(compiled(otherPlaceholder))).toBeNull();
  });

  it('is not offered where the text holds a quote, a semicolon, a comment, a backslash or a dollar quote', () => {
    for (const fragment of ["'a'", 'now(); select 1', '1 -- x', '1 /* x */', "E'\\\\x'", '$$a$$']) {
      const q = db
        .select()
        .from(thing)
        .where(sql`${thing.id} = ${sql.placeholder('organisationId')} or ${sql.raw(fragment)} is null`);
      expect(inlineIntegers(compiled(q)), fragment).toBeNull();
    }
  });
});
