/**
 * One generic suite for a lookup resource (registerCrud or the like): it proves list, search,
 * ordering, filters, pagination, create/update/delete, the audit row, the module guard (403),
 * another tenant's id (404), a cross-tenant reference (400) and both export formats.
 *
 * ```ts
 * describeCrudResource({
 *   resource: 'sport', path: '/api/administrator/sport/', module: 'Administrator Management',
 *   make: (name) => ({ name, kind: 'sport' }), update: { description: 'Indoor' },
 *   filter: { query: 'kind=event', make: { kind: 'event' }, field: 'kind', value: 'event' },
 *   exportHeaders: ['Name', 'Kind'],
 * });
 * ```
 */
import ExcelJS from 'exceljs';
import { MODULES, type ModuleName } from '@arena/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from '../src/app.js';
import { MODULE_MANIFESTS } from '../src/modules/manifests.js';
import type { Tx } from '../src/platform/db/client.js';
import type { Ctx } from '../src/platform/request-context.js';
import { inOrg, makeOrganisation, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

type Body = Record<string, unknown>;
type Row = Body & { id: number };

export interface CrudResourceSpec {
  /** the audit log's resource name, e.g. 'sport' */
  resource: string;
  /** the list path with its trailing slash */
  path: string;
  module: ModuleName;
  /** A valid create body whose `name` is the given text (references filled by `references`). */
  make: (name: string, refs: Record<string, number>) => Body;
  /** A valid PATCH body and what it changes. */
  update: Body;
  /** A filter: rows made with `make` overrides show up for `query`, and each result has `field` = `value`. */
  filter?: { query: string; make: Body; field: string; value: unknown };
  /** Reference fields: a row of the organisation to name in `make` (made once per organisation). */
  references?: Record<string, (tx: Tx, ctx: Ctx) => Promise<number>>;
  /** Unique names: a duplicate (any case) is a 400 on this field. */
  uniqueName?: string;
  /** The first headers of the export, in order (the screen's columns). */
  exportHeaders: string[];
  /** The catalogue plan of the organisation the rows are made in (default Trial); 'Enterprise' for a resource the plan limits (centres: 10). */
  plan?: string;
  /** Extra routes to serve beside every module's (a fixture resource of the platform's helpers). */
  routes?: FastifyPluginAsync;
}

export function describeCrudResource(spec: CrudResourceSpec): void {
  describe(`${spec.resource} (${spec.path})`, () => {
    let t: TestContext;
    let app: FastifyInstance;
    let acme: TestOrganisation;
    let other: TestOrganisation;
    let key: string;
    let outsider: string;
    let mine: Record<string, number> = {};
    let theirs: Record<string, number> = {};
    let theirRow: Row;

    const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key) =>
      call(app, { method, url, host: acme.host, token, payload });
    const create = async (name: string, extra: Body = {}): Promise<Row> => {
      const res = await api('POST', spec.path, { ...spec.make(name, mine), ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const names = (res: { json(): { results: Body[] } }) => res.json().results.map((r) => r.name);
    const refs = async (org: TestOrganisation) =>
      Object.fromEntries(
        await Promise.all(Object.entries(spec.references ?? {}).map(async ([field, make]) => [field, await inOrg(t, org, make)] as const)),
      );

    beforeAll(async () => {
      t = await createTestApp({}, { seed: false });
      app = spec.routes
        ? await buildApp({
            config: t.config,
            db: t.handle.db,
            logger: false,
            modules: [...MODULE_MANIFESTS, { name: 'fixture', routes: spec.routes }],
          })
        : t.app;
      acme = await makeOrganisation(t, undefined, { plan: spec.plan });
      other = await makeOrganisation(t);
      key = await login(app, acme.owner, acme.host);
      const restricted = await makeUser(t, acme.id, { modules: MODULES.filter((m) => m !== spec.module) });
      outsider = await login(app, restricted, acme.host);
      mine = await refs(acme);
      theirs = await refs(other);
      const otherKey = await login(app, other.owner, other.host);
      const made = await call(app, {
        method: 'POST',
        url: spec.path,
        host: other.host,
        token: otherKey,
        payload: spec.make('Theirs', theirs),
      });
      expect(made.statusCode, made.body).toBe(201);
      theirRow = made.json();
      for (const name of ['Zeta one', 'Alpha one', 'Mu one']) await create(name);
    });
    afterAll(async () => {
      if (app && app !== t.app) await app.close();
      await t?.close();
    });

    it('creates, retrieves, updates and deletes, with one audit row each', async () => {
      const created = await create('Lifecycle item');
      expect((await api('GET', `${spec.path}${created.id}/`)).json()).toMatchObject({ id: created.id, name: 'Lifecycle item' });
      const patched = await api('PATCH', `${spec.path}${created.id}/`, spec.update);
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ ...spec.update, name: 'Lifecycle item' });
      expect((await api('DELETE', `${spec.path}${created.id}/`)).statusCode).toBe(204);
      expect((await api('GET', `${spec.path}${created.id}/`)).statusCode).toBe(404);
      const logs = (await api('GET', `/api/administrator/logs/?resource=${spec.resource}&search=${created.id}`)).json().results;
      const mineOnly = logs.filter((l: Body) => l.object_id === String(created.id));
      expect(mineOnly.map((l: Body) => l.action)).toEqual(['delete', 'update', 'create']);
      expect(mineOnly[0]).toMatchObject({ object_label: 'Lifecycle item', actor_email: acme.owner.email });
      expect(mineOnly[1].before).toMatchObject({ name: 'Lifecycle item' });
    });

    it('searches, orders both ways and pages with DRF links', async () => {
      expect(names(await api('GET', `${spec.path}?search=ONE&ordering=name`))).toEqual(['Alpha one', 'Mu one', 'Zeta one']);
      expect(names(await api('GET', `${spec.path}?search=one&ordering=-name`))).toEqual(['Zeta one', 'Mu one', 'Alpha one']);
      const page = (await api('GET', `${spec.path}?search=one&ordering=name&page_size=2&page=2`)).json();
      expect(page).toMatchObject({ count: 3, next: null });
      expect(page.previous).toContain(`${spec.path}?search=one&ordering=name&page_size=2`);
      expect(page.results.map((r: Body) => r.name)).toEqual(['Zeta one']);
      expect((await api('GET', `${spec.path}?page=9`)).statusCode).toBe(404);
      expect((await api('GET', `${spec.path}?ordering=password`)).statusCode).toBe(400);
    });

    if (spec.filter)
      it('filters', async () => {
        const f = spec.filter!;
        await create('Filtered entry', f.make);
        const res = (await api('GET', `${spec.path}?${f.query}`)).json();
        expect(res.results.length).toBeGreaterThan(0);
        expect(res.results.map((r: Body) => r.name)).toContain('Filtered entry');
        for (const r of res.results) expect(r[f.field]).toEqual(f.value);
      });

    if (spec.uniqueName)
      it('refuses a duplicate name in another case, writing nothing', async () => {
        const before = (await api('GET', spec.path)).json().count;
        const res = await api('POST', spec.path, spec.make('alpha ONE', mine));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ name: [spec.uniqueName] });
        expect((await api('GET', spec.path)).json().count).toBe(before);
      });

    it("answers 404 for another organisation's row, which stays as it was", async () => {
      for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
        const body = method === 'PATCH' ? spec.update : method === 'PUT' ? spec.make('Hijacked', mine) : undefined;
        expect((await api(method, `${spec.path}${theirRow.id}/`, body)).statusCode, method).toBe(404);
      }
      expect(names(await api('GET', spec.path))).not.toContain('Theirs');
    });

    if (spec.references)
      it("answers 400 for a reference to another organisation's row, writing nothing", async () => {
        const before = (await api('GET', spec.path)).json().count;
        const res = await api('POST', spec.path, spec.make('Smuggled', theirs));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(
          Object.fromEntries(Object.entries(theirs).map(([field, id]) => [field, [`Invalid pk "${id}" - object does not exist.`]])),
        );
        expect((await api('GET', spec.path)).json().count).toBe(before);
        const row = (await api('GET', `${spec.path}?search=Alpha`)).json().results[0];
        const [field, id] = Object.entries(theirs)[0];
        expect((await api('PATCH', `${spec.path}${row.id}/`, { [field]: id })).statusCode).toBe(400);
      });

    it(`keeps the resource to users allowed ${spec.module}`, async () => {
      expect((await api('GET', spec.path, undefined, outsider)).statusCode).toBe(403);
      expect((await api('POST', spec.path, spec.make('Outsider', mine), outsider)).statusCode).toBe(403);
      expect(names(await api('GET', `${spec.path}?search=Outsider`))).toEqual([]);
    });

    it('exports every matching row as CSV and XLSX with the screen columns', async () => {
      const csv = await api('GET', `${spec.path}?search=one&ordering=name&format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0].startsWith(spec.exportHeaders.join(','))).toBe(true);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Alpha one', 'Mu one', 'Zeta one']);

      const xlsx = await api('GET', `${spec.path}?search=one&ordering=-name&format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx"$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(String(sheet.getCell('A1').value)).toContain('Search: "one"');
      const header = (sheet.getRow(2).values as unknown[]).slice(1);
      expect(header.slice(0, spec.exportHeaders.length)).toEqual(spec.exportHeaders);
      expect([3, 4, 5].map((r) => sheet.getCell(`A${r}`).value)).toEqual(['Zeta one', 'Mu one', 'Alpha one']);
    });
  });
}
