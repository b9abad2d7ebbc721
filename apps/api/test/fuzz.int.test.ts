import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';

/**
 * Sends random and hostile bodies, path ids and query strings to every endpoint of the OpenAPI
 * document, signed in and anonymous, and requires that none of them gets a 5xx or leaks internals.
 */
let ctx: TestContext;
let key: string;
type Operation = { method: string; path: string; fields: string[] };
let operations: Operation[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000', LOGIN_MAX_FAILURES: '1000', RESET_MAX_PER_HOUR: '1000' });
  key = await login(ctx.app, OWNER);
  const doc = (await call(ctx.app, { method: 'GET', url: '/api/openapi.json' })).json();
  for (const [path, item] of Object.entries<
    Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>
  >(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      operations.push({ method: method.toUpperCase(), path, fields: Object.keys(props) });
    }
  }
  // Logging out would revoke the key the rest of the run uses; it is fuzzed anonymously below.
  operations = operations.filter((o) => o.path !== '/api/accounts/logout/' || o.method !== 'POST');
});
afterAll(async () => ctx?.close());

const hostileString = fc.oneof(
  fc.constant('\u0000'),
  fc.constant('abc\u0000def'),
  fc.constant('\uD800'),
  fc.constant('x\uDFFFy'),
  fc.constant("'; drop table centre; --"),
  fc.constant('%'),
  fc.constant('../../etc/passwd'),
  fc.constant('<script>alert(1)</script>'),
  fc.constant('a'.repeat(10_000)),
  fc.string(),
  fc.string({ unit: 'binary' }),
);
const hostileScalar = fc.oneof(
  hostileString,
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(Number.MAX_SAFE_INTEGER + 2),
  fc.constant(-1),
  fc.constant(9.99e307),
);
const hostileValue = fc.oneof(
  hostileScalar,
  fc.array(hostileScalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileScalar, { maxKeys: 3 }),
);

/** Raw JSON texts JSON.stringify cannot produce. */
const rawBodies = [
  '{"name": 1e309, "email": 1e309}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
  '{"email": "\\u0000", "password": "\\ud800"}',
  '"just a string"',
  '[1,2,3]',
  'null',
  '{',
  JSON.stringify({ name: 'x'.repeat(1_100_000) }),
];

function fillPath(path: string, id: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
}

const pathId = fc.oneof(
  fc.constant('1'),
  fc.constant('0'),
  fc.constant('-5'),
  fc.constant('99999999999999999999'),
  fc.constant('1e3'),
  fc.constant('%00'),
  fc.string({ maxLength: 20 }),
);
const query = fc.dictionary(
  fc.constantFrom('page', 'page_size', 'search', 'ordering', 'is_active', 'subdomain', 'notify', 'module'),
  hostileString.map(String),
  { maxKeys: 4 },
);

function assertSafe(op: string, res: { statusCode: number; body: string }) {
  expect(res.statusCode, `${op} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, op).not.toMatch(/node_modules|at \S+\.(ts|js):\d+|DrizzleQueryError|Failed query|syntax error at/);
}

describe('fuzzing every endpoint in the OpenAPI document', () => {
  it('finds the endpoints', () => {
    expect(operations.length).toBeGreaterThan(15);
  });

  it('answers random and hostile JSON bodies without a 5xx', async () => {
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        fc.boolean(),
        pathId,
        query,
        fc.oneof(hostileValue, fc.constant(undefined)),
        async (op, signedIn, id, q, bodyValue) => {
          const body =
            op.fields.length && fc.sample(fc.boolean(), 1)[0] ? Object.fromEntries(op.fields.map((f) => [f, bodyValue])) : bodyValue;
          const url = `${fillPath(op.path, id)}?${new URLSearchParams(q).toString()}`;
          const res = await call(ctx.app, {
            method: op.method as 'GET',
            url,
            token: signedIn ? key : null,
            ...(op.method === 'GET' || op.method === 'DELETE' || body === undefined
              ? {}
              : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          assertSafe(`${op.method} ${url}`, res);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        },
      ),
      { numRuns: 400, seed: 20261122 },
    );
    // The run must reach validation and handlers, not only stop at authentication.
    expect(statuses[400]).toBeGreaterThan(50);
    expect((statuses[200] ?? 0) + (statuses[201] ?? 0)).toBeGreaterThan(10);
  });

  it('answers raw hostile texts (huge numbers, deep nesting, NUL, lone surrogates, 1 MB strings) without a 5xx', async () => {
    for (const op of operations.filter((o) => o.method !== 'GET' && o.method !== 'DELETE')) {
      for (const payload of rawBodies) {
        const res = await call(ctx.app, {
          method: op.method as 'POST',
          url: fillPath(op.path, '1'),
          token: key,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        assertSafe(`${op.method} ${op.path} with ${payload.slice(0, 30)}`, res);
      }
      const multipart = await call(ctx.app, {
        method: op.method as 'POST',
        url: fillPath(op.path, '1'),
        token: key,
        payload: '--x\r\nContent-Disposition: form-data; name="display_name"\r\n\r\n\u0000\r\n--x--',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      assertSafe(`${op.method} ${op.path} multipart`, multipart);
    }
  });
});
