/**
 * ESLint rule `arena/module-boundaries`: a module uses another module only through its public
 * file, and platform code knows no module (docs/architecture.md, "Module boundaries").
 *
 * - A file in `apps/<app>/src/modules/<a>/` may import from `modules/<b>/` (b ≠ a) only
 *   `modules/<b>/index.(ts|tsx)` or `modules/<b>/public.(ts|tsx)`.
 * - A file in `apps/api/src/platform/` may not import anything from `apps/api/src/modules/`.
 * - A file in `apps/web/src/modules/` may not import from `apps/web/src/app/` (the shell that lists
 *   the modules): what modules share lives in `lib/` or `components/`.
 *
 * Relative imports are resolved against the importing file, so `../booking/schema.js`,
 * `../../modules/booking/schema.js` and the like are all caught.
 */
import path from 'node:path';

const MODULE_DIR = /(?:^|\/)apps\/([^/]+)\/src\/modules\/([^/]+)\/(.*)$/;
const PLATFORM_DIR = /(?:^|\/)apps\/api\/src\/platform\//;
const WEB_SHELL = /(?:^|\/)apps\/web\/src\/app(?:\/|$)/;
const PUBLIC_FILE = /^(index|public)(\.(ts|tsx|js))?$/;

function where(file) {
  const normal = file.split(path.sep).join('/');
  const m = MODULE_DIR.exec(normal);
  if (m) return { kind: 'module', app: m[1], module: m[2], rest: m[3] };
  if (PLATFORM_DIR.test(normal)) return { kind: 'platform' };
  if (WEB_SHELL.test(normal)) return { kind: 'shell' };
  return { kind: 'other' };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Modules talk to each other only through their public file; platform knows no module.' },
    messages: {
      internal:
        "'{{source}}' reaches into module '{{target}}'. Import what you need from '{{target}}/index' (its public file), or publish it there.",
      platform: "Platform code must not import a module ('{{source}}'); let the module register with the platform instead (manifests).",
      shell:
        "A web module must not import the app shell ('{{source}}'); move what modules need into lib/ or components/ (the app passes the rest in).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = where(file);
    if (from.kind === 'other' || from.kind === 'shell') return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = where(path.resolve(path.dirname(file), source));
      if (to.kind === 'shell' && from.kind === 'module' && from.app === 'web')
        return context.report({ node, messageId: 'shell', data: { source } });
      if (to.kind !== 'module') return;
      if (from.kind === 'platform') return context.report({ node, messageId: 'platform', data: { source } });
      if (to.app !== from.app || to.module === from.module) return;
      if (!PUBLIC_FILE.test(to.rest)) context.report({ node, messageId: 'internal', data: { source, target: to.module } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
