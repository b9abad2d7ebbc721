/**
 * Diet Management: foods (global IFCT read-only, own foods per organisation), categories, plans
 * with computed totals, duplicate, bulk assignment with copies, member diets, PDF, templates,
 * dashboard, report, logs, module 403, field errors that write nothing.
 */
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPaidCredits } from '../src/modules/messaging/index.js';
import { queryRows } from '../src/platform/db/client.js';
import { describeCrudResource } from './crud-resource.js';
import { inOrg, makeCentre, makeMember, makeOrganisation, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, onPostgres, type TestContext } from './helpers.js';

const MODULE = 'Diet Management';
type Body = Record<string, unknown>;

describeCrudResource({
  resource: 'diet_category',
  path: '/api/diet/diet-category/',
  module: MODULE,
  make: (name) => ({ name }),
  update: { description: 'Low carbohydrate' },
  uniqueName: 'A diet category with this name already exists.',
  exportHeaders: ['Name', 'Description', 'Plans'],
});

describeCrudResource({
  resource: 'message_template',
  path: '/api/diet/diet-message-template/',
  module: MODULE,
  make: (name) => ({ name, channel: 'whatsapp', body: 'Hi {first_name}, your plan {plan} ({kcal} kcal) starts {start_date}.' }),
  update: { body: 'Hello {first_name}' },
  uniqueName: 'A template of this channel with this name already exists.',
  exportHeaders: ['Name', 'Channel', 'Module', 'Subject', 'Body'],
});

describe('diet: foods, plans, assignments, member diets', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let owner: string;
  let otherOwner: string;
  let members: number[] = [];
  let otherMember: number;
  let atta: number;
  let milk: number;
  let egg: number;

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
    otherOwner = await login(t.app, other.owner, other.host);
    members = await inOrg(t, acme, async (tx, ctx) => {
      const c = await makeCentre(tx, ctx);
      const ids: number[] = [];
      for (const first_name of ['Asha', 'Ravi', 'Meena', 'Kiran']) ids.push((await makeMember(tx, ctx, { centre: c.id, first_name })).id);
      return ids;
    });
    otherMember = await inOrg(t, other, async (tx, ctx) => (await makeMember(tx, ctx, { centre: (await makeCentre(tx, ctx)).id })).id);
    const find = async (search: string) =>
      (await api('GET', `/api/diet/food/?search=${encodeURIComponent(search)}&own=false`)).json().results[0];
    atta = (await find('Wheat flour, atta')).id;
    milk = (await find('Milk, whole, Cow')).id;
    egg = (await find('Egg, poultry, whole, boiled')).id;
  });
  afterAll(async () => t?.close());

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Body, token = owner, host = acme.host) =>
    call(t.app, { method, url, host, token, payload });
  const count = (org: TestOrganisation, table: string) =>
    inOrg(t, org, async (tx) => Number((await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n));

  const planBody = (extra: Body = {}): Body => ({
    name: 'Lean 1800',
    diet_type: 'egg',
    target_kcal: 1800,
    target_protein: 90,
    goal: 'Fat loss',
    meals: [
      { meal: 'dinner', time: '20:00', items: [{ food: atta, measure: 'roti', amount: 2 }] },
      {
        meal: 'breakfast',
        time: '08:00',
        items: [
          { food: egg, measure: 'piece', amount: 2, notes: 'boiled' },
          { food: milk, measure: 'glass', amount: 1 },
        ],
      },
    ],
    ...extra,
  });

  describe('foods', () => {
    it('seeds the IFCT 2017 foods once, globally, with kcal per 100 g', async () => {
      const [{ n }] = await queryRows<{ n: number }>(t.handle.db, sql`select count(*)::int as n from diet_food`);
      expect(Number(n)).toBe(542);
      const res = await api('GET', '/api/diet/food/?search=atta');
      expect(res.statusCode, res.body).toBe(200);
      const food = res.json().results.find((f: { name: string }) => f.name === 'Wheat flour, atta');
      expect(food).toMatchObject({ own: false, code: 'A019', group: 'Cereals and Millets', food_type: 'veg' });
      expect(Math.round(food.kcal)).toBe(320);
      const ghee = (await api('GET', '/api/diet/food/?search=Ghee&own=false')).json().results[0];
      expect(ghee.kcal).toBe(900);
    });

    it('searches by a local name and pages', async () => {
      const res = await api('GET', '/api/diet/food/?search=Baingan&page_size=2');
      expect(res.json().count).toBeGreaterThan(2);
      expect(res.json().results).toHaveLength(2);
      expect(res.json().next).toContain('page=2');
      expect(res.json().results[0].local_names).toContain('Baingan');
      const page = await api('GET', '/api/diet/food/?page=1000');
      expect(page.statusCode).toBe(200);
      expect(page.json().results).toEqual([]);
    });

    it('the application role cannot write the food list, even by SQL', async () => {
      await inOrg(t, acme, (tx) => tx.execute(sql`update diet_food set name = 'x' where id = ${atta}`));
      const refused = await inOrg(t, acme, (tx) =>
        tx.execute(
          sql`insert into diet_food (code, name, food_group, food_type, kcal, protein, carbohydrate, fat) values ('ZZ01', 'x', 'x', 'veg', 1, 0, 0, 0)`,
        ),
      ).then(
        () => null,
        (e: { cause?: { message?: string } }) => e,
      );
      expect(refused?.cause?.message).toMatch(/row-level security/);
      const [row] = await queryRows<{ name: string }>(t.handle.db, sql`select name from diet_food where id = ${atta}`);
      expect(row.name).toBe('Wheat flour, atta');
    });

    it('keeps own foods per organisation, and global foods read-only', async () => {
      const created = await api('POST', '/api/diet/food/', {
        name: 'Club Whey',
        local_names: 'व्हे प्रोटीन',
        kcal: 400,
        protein: 78,
        carbohydrate: 8,
        fat: 6,
      });
      expect(created.statusCode, created.body).toBe(201);
      const whey = created.json();
      expect(whey).toMatchObject({ own: true, group: 'Own foods', fibre: 0 });
      expect((await api('GET', '/api/diet/food/?search=whey&own=true')).json().results.map((f: { id: number }) => f.id)).toEqual([whey.id]);
      // Another organisation neither sees nor edits it; both share the global list.
      expect((await api('GET', '/api/diet/food/?search=Club%20Whey', undefined, otherOwner, other.host)).json().count).toBe(0);
      expect((await api('GET', `/api/diet/food/${whey.id}/`, undefined, otherOwner, other.host)).statusCode).toBe(404);
      expect((await api('PATCH', `/api/diet/food/${whey.id}/`, { kcal: 1 }, otherOwner, other.host)).statusCode).toBe(404);
      expect((await api('GET', `/api/diet/food/${atta}/`, undefined, otherOwner, other.host)).json().name).toBe('Wheat flour, atta');
      // A global food cannot be changed or deleted by anyone.
      expect((await api('PATCH', `/api/diet/food/${atta}/`, { kcal: 1 })).statusCode).toBe(404);
      expect((await api('DELETE', `/api/diet/food/${atta}/`)).statusCode).toBe(404);
      const patched = await api('PATCH', `/api/diet/food/${whey.id}/`, { protein: 80 });
      expect(patched.json().protein).toBe(80);
      // Bad input: field errors, nothing written.
      const before = await count(acme, 'diet_own_food');
      const bad = await api('POST', '/api/diet/food/', { name: '', kcal: 5000, protein: -1, carbohydrate: 'x', fat: 1 });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['name', 'kcal', 'protein', 'carbohydrate']));
      const macros = await api('POST', '/api/diet/food/', { name: 'Impossible', kcal: 100, protein: 60, carbohydrate: 60, fat: 0 });
      expect(macros.statusCode).toBe(400);
      expect(macros.json().protein[0]).toContain('100 g');
      const dup = await api('POST', '/api/diet/food/', { name: 'club whey', kcal: 1, protein: 1, carbohydrate: 1, fat: 1 });
      expect(dup.json()).toEqual({ name: ['A food with this name already exists.'] });
      expect(await count(acme, 'diet_own_food')).toBe(before);
      expect((await api('DELETE', `/api/diet/food/${whey.id}/`)).statusCode).toBe(204);
    });
  });

  describe('plans', () => {
    let plan: { id: number };

    it('creates a plan and computes meal and day totals from the foods', async () => {
      const res = await api('POST', '/api/diet/diet-plan/', planBody());
      expect(res.statusCode, res.body).toBe(201);
      plan = res.json();
      const p = res.json();
      expect(p.meals.map((m: { meal: string }) => m.meal)).toEqual(['breakfast', 'dinner']);
      expect(p.meals[0]).toMatchObject({ label: 'Breakfast', time: '08:00' });
      expect(p.meals[0].items[0]).toMatchObject({ food_name: 'Egg, poultry, whole, boiled', measure: 'piece', amount: 2, grams: 100 });
      expect(p.meals[1].items[0]).toMatchObject({ grams: 80 });
      const mealSum = p.meals.reduce((n: number, m: { totals: { kcal: number } }) => n + m.totals.kcal, 0);
      expect(Math.abs(p.totals.kcal - mealSum)).toBeLessThanOrEqual(1);
      expect(p.totals.kcal).toBeGreaterThan(500);
      expect(p.members).toBe(0);
      const read = await api('GET', `/api/diet/diet-plan/${p.id}/`);
      expect(read.json().totals).toEqual(p.totals);
      const list = await api('GET', '/api/diet/diet-plan/?search=Lean');
      expect(list.json().results[0].totals).toEqual(p.totals);
    });

    it('refuses bad plans with field errors and writes nothing', async () => {
      const before = await count(acme, 'diet_plan');
      const cases: [Body, string][] = [
        [planBody({ name: 'A', target_kcal: 100000 }), 'target_kcal'],
        [planBody({ name: 'B', diet_type: 'carnivore' }), 'diet_type'],
        [planBody({ name: 'C', meals: [{ meal: 'lunch', items: [{ food: atta, measure: 'roti', amount: 0.3 }] }] }), 'meals'],
        [planBody({ name: 'D', meals: [{ meal: 'lunch', items: [{ food: atta, measure: 'g', amount: 99999 }] }] }), 'meals'],
        [planBody({ name: 'E', meals: [{ meal: 'lunch' }, { meal: 'lunch' }] }), 'meals'],
        [
          planBody({ name: 'F', meals: [{ meal: 'lunch', items: Array.from({ length: 31 }, () => ({ food: atta, amount: 10 })) }] }),
          'meals',
        ],
        [planBody({ name: 'G', meals: [{ meal: 'lunch', items: [{ food: 123456789, amount: 10 }] }] }), 'meals'],
        [planBody({ name: 'H', category: 999999 }), 'category'],
        [planBody({ name: 'Lean 1800' }), 'name'],
        [planBody({ name: 'J', diet_type: 'veg' }), 'meals'],
      ];
      for (const [body, field] of cases) {
        const res = await api('POST', '/api/diet/diet-plan/', body);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(
          Object.keys(res.json()).some((k) => k.startsWith(field)),
          res.body,
        ).toBe(true);
      }
      // Another organisation's own food is an invalid pk here.
      const theirs = (
        await api(
          'POST',
          '/api/diet/food/',
          { name: 'Their ladoo', kcal: 400, protein: 5, carbohydrate: 60, fat: 15 },
          otherOwner,
          other.host,
        )
      ).json();
      const foreign = await api(
        'POST',
        '/api/diet/diet-plan/',
        planBody({ name: 'I', meals: [{ meal: 'lunch', items: [{ food: theirs.id, amount: 50 }] }] }),
      );
      expect(foreign.json()).toEqual({ meals: [`Invalid pk "${theirs.id}" - object does not exist.`] });
      expect(await count(acme, 'diet_plan')).toBe(before);
      expect((await api('GET', `/api/diet/diet-plan/${plan.id}/`, undefined, otherOwner, other.host)).statusCode).toBe(404);
    });

    it('keeps foods to the plan’s diet type', async () => {
      const res = await api('PATCH', `/api/diet/diet-plan/${plan.id}/`, { diet_type: 'jain' });
      expect(res.json()).toEqual({ meals: ['Egg, poultry, whole, boiled does not belong in a jain plan (egg).'] });
      expect((await api('PATCH', `/api/diet/diet-plan/${plan.id}/`, { diet_type: 'non_veg' })).statusCode).toBe(200);
    });

    it('duplicates a plan under a new name', async () => {
      const res = await api('POST', `/api/diet/diet-plan/${plan.id}/duplicate/`, {});
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Lean 1800 (copy)', diet_type: 'non_veg' });
      const again = await api('POST', `/api/diet/diet-plan/${plan.id}/duplicate/`, {});
      expect(again.json().name).toBe('Lean 1800 (copy 2)');
      expect((await api('DELETE', `/api/diet/diet-plan/${again.json().id}/`)).statusCode).toBe(204);
    });
  });

  describe('assignment', () => {
    let planId: number;
    beforeAll(async () => {
      planId = (await api('POST', '/api/diet/diet-plan/', planBody({ name: 'Bulk plan' }))).json().id;
    });

    it('gives each member an own copy; editing one leaves the template and the others alone', async () => {
      const today = acme.ctx.now.today;
      const res = await api('POST', '/api/diet/assign-members-to-diet/', {
        plan: planId,
        members: members.slice(0, 3),
        start_date: today,
        notes: 'Week 1',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ plan: planId, assigned: 3, skipped: 0 });
      const [first, second] = res.json().member_diets;
      // Again: nobody gets a second active copy.
      const again = await api('POST', '/api/diet/assign-members-to-diet/', { plan: planId, members: members, start_date: today });
      expect(again.json()).toMatchObject({ assigned: 1, skipped: 3 });

      const copy = await api('GET', `/api/diet/member-diet/${first}/`);
      expect(copy.json()).toMatchObject({
        plan: planId,
        name: 'Bulk plan',
        status: 'active',
        assigned_by: 'Test',
        member_name: 'Asha Test',
      });
      const template = (await api('GET', `/api/diet/diet-plan/${planId}/`)).json();
      expect(copy.json().totals).toEqual(template.totals);
      expect(template.members).toBe(4);

      const edit = await api('PATCH', `/api/diet/member-diet/${first}/`, {
        name: 'Asha’s plan',
        meals: [{ meal: 'lunch', items: [{ food: atta, measure: 'roti', amount: 4 }] }],
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json().meals.map((m: { meal: string }) => m.meal)).toEqual(['lunch']);
      expect(edit.json().totals.kcal).toBe(Math.round((template.meals[1].items[0].kcal / 2) * 4));
      expect((await api('GET', `/api/diet/diet-plan/${planId}/`)).json().totals).toEqual(template.totals);
      expect((await api('GET', `/api/diet/member-diet/${second}/`)).json()).toMatchObject({ name: 'Bulk plan', totals: template.totals });
      // Editing the template leaves the copies alone.
      await api('PATCH', `/api/diet/diet-plan/${planId}/`, { meals: [] });
      expect((await api('GET', `/api/diet/member-diet/${second}/`)).json().totals).toEqual(template.totals);
    });

    it('refuses another organisation’s member or plan, and bad dates, writing nothing', async () => {
      const before = await count(acme, 'diet_member_diet');
      const today = acme.ctx.now.today;
      const foreignMember = await api('POST', '/api/diet/assign-members-to-diet/', {
        plan: planId,
        members: [otherMember],
        start_date: today,
      });
      expect(foreignMember.json()).toEqual({ members: [`Invalid pk "${otherMember}" - object does not exist.`] });
      const otherPlan = (await api('POST', '/api/diet/diet-plan/', planBody({ meals: [] }), otherOwner, other.host)).json().id;
      const foreignPlan = await api('POST', '/api/diet/assign-members-to-diet/', { plan: otherPlan, members, start_date: today });
      expect(foreignPlan.json()).toEqual({ plan: [`Invalid pk "${otherPlan}" - object does not exist.`] });
      const dates = await api('POST', '/api/diet/assign-members-to-diet/', {
        plan: planId,
        members,
        start_date: today,
        end_date: '2000-01-01',
      });
      expect(Object.keys(dates.json())).toEqual(['end_date']);
      const batch = await api('POST', '/api/diet/assign-members-to-diet/', { plan: planId, batch: 987654, start_date: today });
      expect(batch.json()).toEqual({ batch: ['Invalid pk "987654" - object does not exist.'] });
      const byPlan = await api('POST', '/api/diet/assign-members-to-diet/', { plan: planId, plan_filter: 987654, start_date: today });
      expect(byPlan.json()).toEqual({ plan_filter: ['Invalid pk "987654" - object does not exist.'] });
      const two = await api('POST', '/api/diet/assign-members-to-diet/', { plan: planId, batch: 1, members, start_date: today });
      expect(Object.keys(two.json())).toEqual(['members']);
      const none = await api('POST', '/api/diet/assign-members-to-diet/', { plan: planId, start_date: today });
      expect(Object.keys(none.json())).toEqual(['members']);
      const tooMany = await api('POST', '/api/diet/assign-members-to-diet/', {
        plan: planId,
        members: Array.from({ length: 1001 }, (_, i) => i + 1),
        start_date: today,
      });
      expect(tooMany.statusCode).toBe(400);
      const year = await api('POST', '/api/diet/assign-members-to-diet/', { plan: planId, members, start_date: '9999-01-01' });
      expect(year.statusCode).toBe(400);
      expect(await count(acme, 'diet_member_diet')).toBe(before);
    });

    it('assigns one member, lists, ends an assignment, and filters by member and status', async () => {
      const single = (await api('POST', '/api/diet/diet-plan/', planBody({ name: 'Single plan' }))).json().id;
      const res = await api('POST', '/api/diet/assign-diet/', { member: members[3], plan: single, start_date: acme.ctx.now.today });
      expect(res.statusCode, res.body).toBe(201);
      const twice = await api('POST', '/api/diet/assign-diet/', { member: members[3], plan: single, start_date: acme.ctx.now.today });
      expect(Object.keys(twice.json())).toEqual(['plan']);
      const ended = await api('PATCH', `/api/diet/assign-diet/${res.json().id}/`, { is_active: false });
      expect(ended.json()).toMatchObject({ is_active: false, status: 'ended' });
      const list = await api('GET', `/api/diet/member-diet/?member=${members[3]}`);
      expect(list.json().count).toBe(2);
      const past = await api('GET', `/api/diet/assign-diet/?member=${members[3]}&status=ended`);
      expect(past.json().results.map((a: { id: number }) => a.id)).toEqual([res.json().id]);
      const csv = await api('GET', '/api/diet/assign-diet/?format=csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Assigned by');
      expect((await api('GET', `/api/diet/assign-diet/?member=${members[3]}`, undefined, otherOwner, other.host)).json().count).toBe(0);
    });

    it('prints the member’s diet as an A4 PDF with the name, meals and totals', async () => {
      const d = (await api('GET', `/api/diet/member-diet/?member=${members[1]}`)).json().results[0];
      const full = (await api('GET', `/api/diet/member-diet/${d.id}/`)).json();
      const pdf = await api('GET', `/api/diet/member-diet/${d.id}/pdf/`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
      expect(text).toContain('Ravi Test');
      expect(text).toContain('Breakfast');
      expect(text).toContain('Dinner');
      expect(text).toContain(`${full.totals.kcal} kcal`);
      expect((await api('GET', `/api/diet/member-diet/${d.id}/pdf/`, undefined, otherOwner, other.host)).statusCode).toBe(404);
    });

    it('sends the member a Diet template through the messaging engine, with the plan’s values filled in', async () => {
      const d = (await api('GET', `/api/diet/member-diet/?member=${members[1]}`)).json().results[0];
      const full = (await api('GET', `/api/diet/member-diet/${d.id}/`)).json();
      const url = `/api/diet/member-diet/${d.id}/send/`;
      // WhatsApp and SMS go from a template; the template must be one of Diet's, on that channel.
      expect((await api('POST', url, {})).json()).toEqual({ template: ['SMS and WhatsApp messages are sent from a template.'] });
      const tpl = (
        await api('POST', '/api/diet/diet-message-template/', {
          name: 'Diet ready',
          channel: 'whatsapp',
          body: 'Hi {first_name}, your diet {plan} starts {start_date}: {kcal} kcal a day.',
          module: 'crm',
        })
      ).json();
      expect(tpl).toMatchObject({ module: 'diet', channel: 'whatsapp' });
      const crmMade = await api('POST', '/api/administrator/messaging/', {
        name: 'Crm one',
        channel: 'whatsapp',
        module: 'crm',
        body: 'Hi',
      });
      expect(crmMade.statusCode, crmMade.body).toBe(201);
      const crm = crmMade.json();
      expect((await api('POST', url, { channel: 'whatsapp', template: crm.id })).json()).toEqual({
        template: [`Invalid pk "${crm.id}" - object does not exist.`],
      });
      expect((await api('POST', url, { channel: 'sms', template: tpl.id })).json().template[0]).toMatch(/WhatsApp template, not SMS/);
      // Credits are spent as for any message: none left is a clear 400 and nothing is queued.
      const broke = await api('POST', url, { channel: 'whatsapp', template: tpl.id });
      expect(broke.statusCode).toBe(400);
      expect(broke.json().detail).toMatch(/Not enough message credits/);
      await inOrg(t, acme, (tx, ctx) => addPaidCredits(tx, ctx, 5, 'test'));
      const sent = await api('POST', url, { channel: 'whatsapp', template: tpl.id });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ queued: 1, credits: 1 });
      const [row] = (await api('GET', '/api/administrator/messaging/logs/?module=diet')).json().results;
      const [y, m, day] = full.start_date.split('-');
      expect(row).toMatchObject({ recipient_id: members[1], module: 'diet', template: tpl.id, channel: 'whatsapp' });
      expect(row.text).toBe(
        `Hi Ravi, your diet ${full.name} starts ${day}-${m}-${y}: ${Math.round(full.totals.kcal).toLocaleString('en-IN')} kcal a day.`,
      );
      // No e-mail address: nothing queued, and the answer says why.
      expect((await api('POST', url, { channel: 'email', subject: 'Your diet', text: 'Attached soon' })).json()).toEqual({
        queued: 0,
        credits: 0,
        detail: 'Not sent: No e-mail address.',
      });
      // Another organisation's diet is a 404; the template list is Diet's alone.
      expect((await api('POST', url, { channel: 'whatsapp', template: tpl.id }, otherOwner, other.host)).statusCode).toBe(404);
      const names = (await api('GET', '/api/diet/diet-message-template/')).json().results.map((r: Body) => r.name);
      expect(names).toContain('Diet ready');
      expect(names).not.toContain('Crm one');
      // The engine's audiences offer the members on a diet plan, by the plan's name.
      const options = (await api('GET', '/api/administrator/messaging/audience-options/?audience=diet_plan_members')).json().results;
      expect(options).toContainEqual({ id: d.plan, name: d.plan_name });
      const running = (await api('GET', `/api/diet/member-diet/?plan=${d.plan}&status=active`)).json().count;
      const reach = await api('POST', '/api/administrator/messaging/send/', {
        channel: 'whatsapp',
        module: 'diet',
        template: tpl.id,
        audience: 'diet_plan_members',
        param: d.plan,
        preview: true,
      });
      expect(reach.statusCode, reach.body).toBe(200);
      expect(running).toBeGreaterThan(0);
      expect(reach.json()).toMatchObject({ preview: true, count: running, queued: 0 });
      expect((await api('GET', '/api/diet/diet-message-template/dropdown/')).json().results).toContainEqual({
        id: tpl.id,
        name: 'Diet ready (WhatsApp)',
      });
    });

    it('renders a Devanagari own food in the PDF', async () => {
      const dal = (
        await api('POST', '/api/diet/food/', {
          name: 'Dal tadka दाल',
          local_names: 'दाल तड़का',
          kcal: 120,
          protein: 6,
          carbohydrate: 15,
          fat: 4,
        })
      ).json();
      const d = (await api('GET', `/api/diet/member-diet/?member=${members[2]}`)).json().results[0];
      await api('PATCH', `/api/diet/member-diet/${d.id}/`, {
        meals: [{ meal: 'lunch', items: [{ food: dal.id, measure: 'katori', amount: 1 }] }],
      });
      const pdf = await api('GET', `/api/diet/member-diet/${d.id}/pdf/`);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
      expect(text).toContain('Dal tadka');
      expect(text).toContain('180 kcal');
      // A food a plan uses cannot be deleted.
      expect((await api('DELETE', `/api/diet/food/${dal.id}/`)).statusCode).toBe(409);
    });

    it('answers the dashboard, the report (JSON, CSV, XLSX) and the logs', async () => {
      const dash = await api('GET', '/api/diet/dashboard/');
      expect(dash.statusCode, dash.body).toBe(200);
      expect(dash.json().popular_plans[0]).toMatchObject({ name: 'Bulk plan', members: 4 });
      expect(dash.json().active_diets).toBeGreaterThanOrEqual(4);
      const report = await api('GET', '/api/diet/reports/diet-plan/');
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json().rows.find((r: { name: string }) => r.name === 'Bulk plan')).toMatchObject({ assigned: 4, active: 4, ended: 0 });
      expect(report.json().by_trainer[0]).toMatchObject({ assigned_by: 'Test' });
      const csv = await api('GET', '/api/diet/reports/diet-plan/?format=csv');
      expect(csv.body).toContain('Bulk plan');
      const xlsx = await api('GET', '/api/diet/reports/diet-plan/?format=xlsx');
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const logs = await api('GET', '/api/diet/logs/');
      expect(logs.json().results.map((r: { resource: string }) => r.resource)).toEqual(
        expect.arrayContaining(['diet_plan', 'diet_assignment', 'member_diet']),
      );
      const plans = await api('GET', '/api/diet/diet-plan/?format=csv');
      expect(plans.body).toContain('Day kcal');
    });

    it('forbids users without the module, and lets operate assign but not edit plans', async () => {
      const none = await makeUser(t, acme.id, { modules: ['Membership Management'] });
      const noneToken = await login(t.app, none, acme.host);
      expect((await api('GET', '/api/diet/diet-plan/', undefined, noneToken)).statusCode).toBe(403);
      expect((await api('GET', '/api/diet/food/', undefined, noneToken)).statusCode).toBe(403);
      const trainer = await makeUser(t, acme.id, { modules: [MODULE], levels: { [MODULE]: 'operate' } });
      const trainerToken = await login(t.app, trainer, acme.host);
      const fresh = (await api('POST', '/api/diet/diet-plan/', planBody({ name: 'Trainer plan' }))).json().id;
      const assigned = await api(
        'POST',
        '/api/diet/assign-members-to-diet/',
        { plan: fresh, members: [members[0]], start_date: acme.ctx.now.today },
        trainerToken,
      );
      expect(assigned.statusCode, assigned.body).toBe(201);
      expect((await api('PATCH', `/api/diet/diet-plan/${fresh}/`, { goal: 'x' }, trainerToken)).statusCode).toBe(403);
      expect(
        (await api('POST', '/api/diet/food/', { name: 'x', kcal: 1, protein: 1, carbohydrate: 1, fat: 1 }, trainerToken)).statusCode,
      ).toBe(403);
    });
  });

  describe.runIf(onPostgres)('on PostgreSQL', () => {
    it('twenty parallel assignments of one plan give the rows one would', async () => {
      const planId = (await api('POST', '/api/diet/diet-plan/', planBody({ name: 'Race plan' }))).json().id;
      const body = { plan: planId, members, start_date: acme.ctx.now.today };
      const answers = await Promise.all(Array.from({ length: 20 }, () => api('POST', '/api/diet/assign-members-to-diet/', body)));
      expect(
        answers.every((r) => r.statusCode === 201),
        answers.map((r) => r.body).join(),
      ).toBe(true);
      expect(answers.reduce((n, r) => n + r.json().assigned, 0)).toBe(members.length);
      const rows = await inOrg(t, acme, (tx) =>
        queryRows<{ n: number }>(tx, sql`select count(*)::int as n from diet_member_diet where plan_id = ${planId} and is_active`),
      );
      expect(Number(rows[0].n)).toBe(members.length);
    });

    // Its time is measured by `npm run bench` (bench/plans.ts), not asserted here.
    it('assigns 500 members in one request, one copy each', async () => {
      const many = await inOrg(t, acme, async (tx, ctx) => {
        const c = await makeCentre(tx, ctx);
        const ids: number[] = [];
        for (let i = 0; i < 500; i++) ids.push((await makeMember(tx, ctx, { centre: c.id })).id);
        return ids;
      });
      const planId = (await api('POST', '/api/diet/diet-plan/', planBody({ name: 'Big batch plan' }))).json().id;
      const res = await api('POST', '/api/diet/assign-members-to-diet/', { plan: planId, members: many, start_date: acme.ctx.now.today });
      expect(res.json().assigned).toBe(500);
      expect((await api('GET', `/api/diet/member-diet/?plan=${planId}&page_size=1`)).json().count).toBe(500);
    }, 120_000);
  });
});
