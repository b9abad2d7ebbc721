import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueError, catalogueLines, editAddon, editPlan, ensureCatalogue } from '../src/modules/subscription/index.js';
import { settleInvalidations } from '../src/platform/db/client.js';
import { organisation, subscriptionAddonCatalogue, subscriptionPlan } from '../src/platform/db/schema.js';
import { makeOrganisation, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
let club: TestOrganisation;
let owner: string;
const A = '/api/administrator/';

const planNamed = async (name: string) => (await t.handle.db.select().from(subscriptionPlan).where(eq(subscriptionPlan.name, name)))[0];

beforeAll(async () => {
  t = await createTestApp();
  club = await makeOrganisation(t);
  const starter = await planNamed('Starter');
  await t.handle.db.update(organisation).set({ subscriptionPlanId: starter.id }).where(eq(organisation.id, club.id));
  t.app.organisations.forget(club.subdomain);
  owner = await login(t.app, club.owner, club.host);
});
afterAll(() => t.close());

const billing = async () =>
  (await call(t.app, { method: 'GET', url: `${A}organisation/subscription/`, host: club.host, token: owner })).json();
const modules = async (key = owner) =>
  (await call(t.app, { method: 'GET', url: `${A}organisation/allowed-modules/`, host: club.host, token: key })).json().allowed_modules;

describe("the provider's catalogue CLI (npm run catalogue)", () => {
  it("changes a plan's prices and limits; organisations on it see them at once", async () => {
    expect((await billing()).centres.limit).toBe(1);
    const row = await editPlan(t.handle.db, 'Starter', { price: '1099', price_yearly: '10990.50', max_centres: '2', max_users: '5' });
    expect(row).toMatchObject({ price: '1099.00', priceYearly: '10990.50', maxCentres: 2, maxUsers: 5 });
    const b = await billing();
    expect(b.centres.limit).toBe(2);
    expect(b.users.limit).toBe(5);
    expect(b.plan).toMatchObject({ price_monthly: '1099.00' });
    // A boot's catalogue check leaves the provider's edits alone.
    await ensureCatalogue(t.handle.db);
    expect(await planNamed('Starter')).toMatchObject({ price: '1099.00', maxCentres: 2 });
  });

  it("bounds every user's modules by the plan's at once", async () => {
    const desk = await makeUser(t, club.id, { modules: ['Administrator Management', 'Booking Management'] });
    const deskKey = await login(t.app, desk, club.host);
    expect(await modules(deskKey)).toEqual(['Administrator Management']);
    await editPlan(t.handle.db, 'Starter', { modules: 'Administrator Management,Membership Management,Booking Management' });
    await settleInvalidations(t.handle.db);
    expect(await modules(deskKey)).toEqual(['Administrator Management', 'Booking Management']);
    expect(await modules()).toContain('Booking Management');
  });

  it('refuses bad options with what is wrong and changes nothing', async () => {
    const before = await planNamed('Starter');
    const cases: [string, Record<string, string>, RegExp][] = [
      ['Starter', { price: 'abc' }, /--price: Enter rupees/],
      ['Starter', { max_centres: '0' }, /--max-centres: A plan allows at least 1 centre/],
      ['Starter', { modules: 'Membership Management' }, /without it the owner could not renew/],
      ['Starter', { modules: 'Administrator Management,Juggling' }, /Modules are among/],
      ['Starter', { active: 'yes' }, /--active/],
      ['Trial', { price: '10' }, /The trial plan is free/],
      ['Gold', { price: '3000' }, /A new plan needs --price, --price-yearly and --modules/],
    ];
    for (const [name, options, message] of cases) {
      const err = await editPlan(t.handle.db, name, options).catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(CatalogueError);
      expect((err as Error).message).toMatch(message);
    }
    expect(await planNamed('Starter')).toEqual(before);
    expect(await planNamed('Gold')).toBeUndefined();
  });

  it('adds a plan, offered to organisations; an inactive one is not', async () => {
    await editPlan(t.handle.db, 'Gold', {
      price: '3499',
      price_yearly: '34990',
      modules: 'Administrator Management,Membership Management',
      max_centres: '5',
      sort: '4',
    });
    const offered = async () => {
      const body = (await call(t.app, { method: 'GET', url: `${A}subscription/`, host: club.host, token: owner })).json();
      return (Array.isArray(body) ? body : body.results) as { name: string }[];
    };
    expect((await offered()).map((p) => p.name)).toContain('Gold');
    await editPlan(t.handle.db, 'Gold', { active: 'false' });
    expect((await offered()).map((p) => p.name)).not.toContain('Gold');
    expect((await catalogueLines(t.handle.db)).join('\n')).toMatch(/Gold\s+₹3499\.00\/month ₹34990\.00\/year {2}centres 5 .*\(inactive\)/);
  });

  it("changes an add-on's price; an unknown code is refused", async () => {
    const row = await editAddon(t.handle.db, 'extra_centre', { price: '549' });
    expect(row.price).toBe('549.00');
    const addons = (await call(t.app, { method: 'GET', url: `${A}addon/`, host: club.host, token: owner })).json().results;
    expect(addons.find((a: { code: string }) => a.code === 'extra_centre').price).toBe('549.00');
    await expect(editAddon(t.handle.db, 'gym_towels', { price: '5' })).rejects.toThrow(/No add-on 'gym_towels'/);
    await expect(editAddon(t.handle.db, 'extra_centre', { colour: 'red' })).rejects.toBeInstanceOf(CatalogueError);
    expect(
      (await t.handle.db.select().from(subscriptionAddonCatalogue).where(eq(subscriptionAddonCatalogue.code, 'extra_centre')))[0].price,
    ).toBe('549.00');
  });
});
