/**
 * ESLint rule `arena/table-ownership`: a module reads and writes only its own tables; another
 * module's data comes through that module's functions (docs/architecture.md, "Module boundaries").
 * The money module's ledger, invoices and categories, for instance, are reached through
 * `sell`, `receive`, `ledgerTotals` … never by naming `ledger_entry`.
 *
 * - A module's tables are the ones its `schema.ts` declares (`export const x = tenantTable('x_name', …)`);
 *   the platform's tables (`platform/db/schema.ts`) belong to no module and are not checked here.
 * - In a file of `apps/api/src/modules/<a>/`, the rule fails on
 *   - an import of another module's table object (`import { ledgerEntry } from '../money/index.js'`), and
 *   - SQL text that names another module's table after `from`, `join`, `into`, `update` or `table`,
 *     in a `sql` template or a `sql.raw(…)` string.
 * - Options: `shared` — tables every module may read (the administrator's lookups that lists and
 *   documents join for their names); `allow` — files not checked yet, each with its reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/src/modules');
const MODULE_FILE = /(?:^|\/)apps\/api\/src\/modules\/([^/]+)\/(.*)$/;
const TABLE = /export const (\w+)\s*=\s*(?:tenantTable|pgTable)\(\s*'([a-z0-9_]+)'/g;
const SQL_NAME = /\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi;

let owners = null;

/** { byName: Map<sql name, module>, byIdent: Map<module, Map<ident, sql name>> } from every module's schema.ts. */
function tableOwners() {
  if (owners) return owners;
  const byName = new Map();
  const byIdent = new Map();
  for (const module of fs.readdirSync(MODULES_DIR)) {
    const file = path.join(MODULES_DIR, module, 'schema.ts');
    if (!fs.existsSync(file)) continue;
    const idents = new Map();
    for (const m of fs.readFileSync(file, 'utf8').matchAll(TABLE)) {
      byName.set(m[2], module);
      idents.set(m[1], m[2]);
    }
    byIdent.set(module, idents);
  }
  owners = { byName, byIdent };
  return owners;
}

const normal = (file) => file.split(path.sep).join('/');

export default {
  meta: {
    type: 'problem',
    docs: { description: "A module names only its own tables; another module's data comes through its functions." },
    messages: {
      sql: "SQL names '{{table}}', a table of module '{{owner}}'. Use that module's functions (its public file) instead.",
      import: "'{{name}}' is a table of module '{{owner}}'. Use that module's functions (its public file) instead.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          shared: { type: 'array', items: { type: 'string' } },
          allow: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = normal(context.filename);
    const here = MODULE_FILE.exec(file);
    if (!here) return {};
    const module = here[1];
    const { shared = [], allow = [] } = context.options[0] ?? {};
    if (allow.some((suffix) => file.endsWith(suffix))) return {};
    const { byName, byIdent } = tableOwners();
    const foreign = (table) => {
      const owner = byName.get(table);
      return owner && owner !== module && !shared.includes(table) ? owner : null;
    };
    const checkText = (node, text) => {
      for (const m of text.matchAll(SQL_NAME)) {
        const table = m[1].toLowerCase();
        const owner = foreign(table);
        if (owner) context.report({ node, messageId: 'sql', data: { table, owner } });
      }
    };
    const isSqlTag = (tag) => tag?.type === 'Identifier' && tag.name === 'sql';
    const isSqlRaw = (callee) =>
      callee?.type === 'MemberExpression' &&
      callee.object.type === 'Identifier' &&
      callee.object.name === 'sql' &&
      callee.property.name === 'raw';
    return {
      TaggedTemplateExpression(node) {
        if (isSqlTag(node.tag)) for (const q of node.quasi.quasis) checkText(q, q.value.cooked ?? q.value.raw);
      },
      CallExpression(node) {
        if (!isSqlRaw(node.callee)) return;
        const [arg] = node.arguments;
        if (arg?.type === 'Literal' && typeof arg.value === 'string') checkText(arg, arg.value);
        if (arg?.type === 'TemplateLiteral') for (const q of arg.quasis) checkText(q, q.value.cooked ?? q.value.raw);
      },
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = MODULE_FILE.exec(normal(path.resolve(path.dirname(context.filename), source)));
        if (!target || target[1] === module) return;
        const idents = byIdent.get(target[1]);
        if (!idents) return;
        for (const s of node.specifiers) {
          if (s.type !== 'ImportSpecifier') continue;
          const name = s.imported.name ?? s.imported.value;
          const table = idents.get(name);
          if (table && !shared.includes(table)) context.report({ node: s, messageId: 'import', data: { name, owner: target[1] } });
        }
      },
    };
  },
};
