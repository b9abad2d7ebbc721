/**
 * Issue 19 §3: buyers. Members and booking clients carry a GSTIN, a legal name, a billing address
 * and a state (validated); with a GSTIN the invoice is B2B (their GSTIN and address printed; a gym
 * service's place of supply is the registered member's state, court time stays where the court
 * is); an unregistered buyer of ₹50,000 or more needs a name, address and state.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMode } from '../src/modules/administrator/schema.js';
import { organisation } from '../src/platform/db/schema.js';
import { inOrg, makeCentre, makeFacility, makeOrganisation, makePlan, makeSport, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';
import { inDays, slotsOn } from './booking-helpers.js';

type Body = Record<string, unknown>;
const MM = '/api/member-management';
const TN_GSTIN = '33ABCDE1234F1Z7';

let t: TestContext;
let org: TestOrganisation;
let key: string;
let centre: number;
let monthly: number;
let yearly: number;
let facility: number;
let phoneSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  const made = await inOrg(t, org, async (tx, ctx) => {
    await tx
      .update(organisation)
      .set({ gstin: '29AAHCD1234K1ZL', state: 'Karnataka', legalName: 'Buyers Club Pvt Ltd' })
      .where(eq(organisation.id, ctx.organisationId));
    await tx.select().from(paymentMode).where(eq(paymentMode.organisationId, ctx.organisationId));
    const c = await makeCentre(tx, ctx, { state: 'Karnataka' });
    const sport = await makeSport(tx, ctx);
    const court = await makeFacility(tx, ctx, { centre: c.id, sport: sport.id });
    return {
      centre: c.id,
      monthly: (await makePlan(tx, ctx, { name: 'Monthly', price: '1180.00' })).id,
      yearly: (await makePlan(tx, ctx, { name: 'Corporate yearly', price: '59000.00', durationValue: 12, durationUnit: 'month' })).id,
      facility: court.id,
    };
  });
  ({ centre, monthly, yearly, facility } = made);
  key = await login(t.app, org.owner, org.host);
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  call(t.app, { method, url, host: org.host, token: key, payload: payload as Body });
const invoiceOf = async (id: number) => (await api('GET', `/api/administrator/invoice/${id}/`)).json();
const newMember = (extra: Body = {}) =>
  api('POST', `${MM}/member/`, {
    first_name: 'Kiran',
    last_name: 'Rao',
    gender: 'male',
    phone: `98460${String(++phoneSeq).padStart(5, '0')}`,
    centre,
    ...extra,
  });

describe('billing details', () => {
  it('validates a member’s GSTIN against the state, fills the state from the GSTIN, and spells it as GST does', async () => {
    const wrong = await newMember({ gstin: TN_GSTIN, billing_state: 'Karnataka' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ gstin: ['This GSTIN is registered in Tamil Nadu (state code 33), not in Karnataka.'] });
    const nowhere = await newMember({ billing_state: 'Atlantis' });
    expect(nowhere.json()).toEqual({ billing_state: ['Choose an Indian state or union territory.'] });
    const filled = await newMember({ gstin: TN_GSTIN, billing_name: 'Chennai Sports LLP', billing_address: '4, Mount Road, Chennai' });
    expect(filled.statusCode, filled.body).toBe(201);
    expect(filled.json()).toMatchObject({ gstin: TN_GSTIN, billing_state: 'Tamil Nadu', billing_name: 'Chennai Sports LLP' });
    const lower = await api('PATCH', `${MM}/member/${filled.json().id}/`, { billing_state: 'tamil  nadu' });
    // Only what is sent changes: the rest (name, GSTIN) stays as it was.
    expect(lower.json()).toMatchObject({
      billing_state: 'Tamil Nadu',
      last_name: 'Rao',
      gstin: TN_GSTIN,
      billing_name: 'Chennai Sports LLP',
    });
    const clash = await api('PATCH', `${MM}/member/${filled.json().id}/`, { billing_state: 'Kerala' });
    expect(clash.json()).toEqual({ gstin: ['This GSTIN is registered in Tamil Nadu (state code 33), not in Kerala.'] });
  });
});

describe('B2B invoices', () => {
  it('invoices a registered member B2B: their GSTIN, legal name and address, IGST to their state', async () => {
    const m = await newMember({
      gstin: TN_GSTIN,
      billing_name: 'Chennai Sports LLP',
      billing_address: '4, Mount Road, Chennai',
      membership: { plan: monthly },
    });
    expect(m.statusCode, m.body).toBe(201);
    const inv = await invoiceOf(m.json().membership.invoice.id);
    expect(inv).toMatchObject({
      title: 'Tax Invoice',
      buyer: { name: 'Chennai Sports LLP', gstin: TN_GSTIN, address: '4, Mount Road, Chennai, Tamil Nadu' },
      place_of_supply: 'Tamil Nadu',
      cgst: '0.00',
      sgst: '0.00',
    });
    // Inter-state: all the tax is IGST.
    expect(Number(inv.igst)).toBeGreaterThan(0);
    expect((Number(inv.taxable_value) + Number(inv.igst) + Number(inv.round_off)).toFixed(2)).toBe('1180.00');
  });

  it('invoices a registered booking client B2B with the court’s state as the place of supply', async () => {
    const client = await api('POST', '/api/booking/client/', {
      name: 'Aditi Nair',
      mobile: '9847000001',
      gstin: TN_GSTIN,
      billing_name: 'Chennai Sports LLP',
      billing_address: '4, Mount Road, Chennai',
    });
    expect(client.statusCode, client.body).toBe(201);
    expect(client.json().billing_state).toBe('Tamil Nadu');
    const free = (await slotsOn(t.app, facility, inDays(3), org.host)).filter((s) => s.booking_status === 'available');
    const booked = await api('POST', '/api/booking/booking/', {
      facility,
      date: inDays(3),
      time_slot_ids: [free[0].id],
      client: client.json().id,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const inv = await invoiceOf(booked.json().invoice.id);
    expect(inv.buyer).toMatchObject({ name: 'Chennai Sports LLP', gstin: TN_GSTIN, address: '4, Mount Road, Chennai, Tamil Nadu' });
    expect(inv.place_of_supply).toBe('Karnataka');
    expect(inv.igst).toBe('0.00');
    const bad = await api('PATCH', `/api/booking/client/${client.json().id}/`, { billing_state: 'Goa' });
    expect(bad.json()).toEqual({ gstin: ['This GSTIN is registered in Tamil Nadu (state code 33), not in Goa.'] });
  });
});

describe('an unregistered buyer of ₹50,000 or more', () => {
  it('needs a name, address and state before the sale', async () => {
    const bare = await newMember({ membership: { plan: yearly } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      'membership.member': [
        'A tax invoice of ₹50,000 or more to a buyer without a GSTIN carries their name, address and state (rule 46): add them to the billing details first.',
      ],
    });
    const full = await newMember({ address: '12, Church Street, Bengaluru', billing_state: 'Karnataka', membership: { plan: yearly } });
    expect(full.statusCode, full.body).toBe(201);
    const inv = await invoiceOf(full.json().membership.invoice.id);
    expect(inv.buyer).toMatchObject({ name: 'Kiran Rao', gstin: '', address: '12, Church Street, Bengaluru, Karnataka' });
    expect(inv.place_of_supply).toBe('Karnataka');
  });
});
