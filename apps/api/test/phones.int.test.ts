/**
 * Issue 20 §5: phone numbers as people paste them. "+91 98765 43210" (how WhatsApp copies a
 * contact), "098765-43210" and the like are stored as the 10 digits by every phone field, and
 * found by every search and lookup by phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/platform/time.js';
import { inOrg, makeCentre, makeFacility, makeOrganisation, makeSport, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
let org: TestOrganisation;
let key: string;
let centreId: number;
let court: { id: number; slots: number[] };
let today: string;

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(t.app, { method, url, host: org.host, token: key, payload: payload as Record<string, unknown> });
const q = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  const made = await inOrg(t, org, async (tx, ctx) => {
    const centre = await makeCentre(tx, ctx, { name: 'Main Centre' });
    const sport = await makeSport(tx, ctx, { name: 'Badminton' });
    const facility = await makeFacility(tx, ctx, { centre: centre.id, sport: sport.id, name: 'Court 1' });
    return { centre, facility, today: ctx.now.today };
  });
  centreId = made.centre.id;
  court = { id: made.facility.id, slots: made.facility.slot_groups[0].time_slots.map((s: { id: number }) => s.id) };
  today = made.today;
  key = await login(t.app, org.owner, org.host);
});
afterAll(async () => t?.close());

describe('phone numbers as people paste them', () => {
  it('stores a member\'s pasted "+91 98765 43210" as 9876543210, and finds the member by the pasted forms', async () => {
    const res = await api('POST', '/api/member-management/member/', {
      first_name: 'Asha',
      last_name: 'Rao',
      gender: 'female',
      phone: '+91 98765 43210',
      emergency_contact_phone: '098765-43211',
      centre: centreId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ phone: '9876543210', emergency_contact_phone: '9876543211' });

    // The same number pasted another way is the same phone: the duplicate rule sees it.
    const again = await api('POST', '/api/member-management/member/', {
      first_name: 'Other',
      gender: 'male',
      phone: '91-98765-43210',
      centre: centreId,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().phone[0]).toContain('A member with this phone number already exists.');

    for (const search of ['+91 98765 43210', '098765 43210', '98765 43210']) {
      const list = (await api('GET', `/api/member-management/member/?search=${q(search)}`)).json();
      expect(
        list.results.map((m: { phone: string }) => m.phone),
        search,
      ).toEqual(['9876543210']);
    }
    const hits = (await api('GET', `/api/search/?q=${q('+91 98765 43210')}`)).json().results;
    expect(hits).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'member', title: 'Asha Rao' })]));
  });

  it('stores a client\'s "098765-43210" as 9876543210; the lookup, the list and the top bar find it pasted', async () => {
    const res = await api('POST', '/api/booking/client/', { name: 'Arjun Nair', mobile: '098765-43210' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mobile).toBe('9876543210');

    const lookup = await api('GET', `/api/booking/client/lookup/?mobile=${q('+91 98765 43210')}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().client).toMatchObject({ name: 'Arjun Nair', mobile_no: '9876543210' });

    const list = (await api('GET', `/api/booking/client/?search=${q('+91 98765 43210')}`)).json();
    expect(list.results.map((c: { name: string }) => c.name)).toEqual(['Arjun Nair']);
    const hits = (await api('GET', `/api/search/?q=${q('(98765) 43210')}`)).json().results;
    expect(hits).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'booking_client', title: 'Arjun Nair' })]));
  });

  it('stores a desk booking\'s "+91 98111 00010" as 9811100010 and finds the booking by it', async () => {
    const date = addDays(today, 3);
    const res = await api('POST', '/api/booking/desk-bookings/', {
      name: 'Priya Raman',
      mobile_no: '\u202a+91 98111 00010\u202c',
      items: [{ facility: court.id, date, time_slot_ids: [court.slots[0]] }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [booking] = res.json().bookings;
    expect(booking.mobile).toBe('9811100010');
    const list = (await api('GET', `/api/booking/booking/?search=${q('+91 98111 00010')}`)).json();
    expect(list.results.map((b: { code: string }) => b.code)).toEqual([booking.code]);
  });

  it('still refuses what is not a 10-digit number, with the spec message', async () => {
    for (const phone of ['98765432', '9876543210123', '98765abcde', '+1 555 123 4567']) {
      const res = await api('POST', '/api/member-management/member/', { first_name: 'X', gender: 'male', phone, centre: centreId });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().phone, phone).toEqual(['Phone number must be 10 digits']);
    }
    const client = await api('POST', '/api/booking/client/', { name: 'Y', mobile: '12345' });
    expect(client.json().mobile).toEqual(['Phone number must be 10 digits']);
  });
});
