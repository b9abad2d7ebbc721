import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The `arena/table-ownership` lint rule (scripts/eslint/table-ownership.js): a module that names
 * another module's table — in SQL text or by importing its table object — fails the lint.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const file = (module: string) => path.join(root, `apps/api/src/modules/${module}/probe.ts`);

async function ownership(module: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file(module) });
  return result.messages.filter((m) => m.ruleId === 'arena/table-ownership').map((m) => m.message);
}

describe('arena/table-ownership', () => {
  it('fails on SQL text naming another module’s table, in a sql template or sql.raw', async () => {
    const messages = await ownership(
      'booking',
      `import { sql } from 'drizzle-orm';\nexport const a = sql\`select sum(amount) from ledger_entry l join booking b on b.id = l.source_id\`;\nexport const b = sql.raw('insert into invoice (number) values (1)');\n`,
    );
    expect(messages).toEqual([
      "SQL names 'ledger_entry', a table of module 'money'. Use that module's functions (its public file) instead.",
      "SQL names 'invoice', a table of module 'money'. Use that module's functions (its public file) instead.",
    ]);
  });

  it('fails on importing another module’s table object, even through its public file', async () => {
    const messages = await ownership(
      'membership',
      `import { ledgerEntry, receive } from '../money/index.js';\nexport { ledgerEntry, receive };\n`,
    );
    expect(messages).toEqual(["'ledgerEntry' is a table of module 'money'. Use that module's functions (its public file) instead."]);
  });

  it('lets a module name its own tables, the shared lookups, and words in messages', async () => {
    const messages = await ownership(
      'booking',
      `import { sql } from 'drizzle-orm';\nimport { centre } from '../administrator/index.js';\nexport const a = sql\`select b.id from booking b join payment_mode pm on pm.id = b.id\`;\nexport const m = 'Print the invoice from the booking';\nexport { centre };\n`,
    );
    expect(messages).toEqual([]);
  });
});
