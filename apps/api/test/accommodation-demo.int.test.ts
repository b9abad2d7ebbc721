/** Accommodation's demo data: an academy hostel — 3 room types, 12 rooms, 40 beds, 30 residents on monthly stays, nightly guests, rent due. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';

describe('accommodation demo data', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app, OWNER);
  });
  afterAll(async () => t?.close());
  const get = async (url: string) => {
    const res = await call(t.app, { method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('has the hostel, its residents, their bills and dues', async () => {
    expect((await get('/api/accommodation/room-type/')).count).toBe(3);
    const rooms = await get('/api/accommodation/room/?page_size=50');
    expect(rooms.count).toBe(12);
    expect(rooms.results.reduce((n: number, r: { beds: number }) => n + r.beds, 0)).toBe(40);
    const monthly = await get('/api/accommodation/booking/?rate_basis=monthly&status=checked_in&page_size=50');
    expect(monthly.count).toBe(30);
    expect((await get('/api/accommodation/booking/?rate_basis=nightly')).count).toBe(5);
    const dash = await get('/api/accommodation/dashboard/');
    expect(dash).toMatchObject({ rooms: 12, beds: 40, in_house: 31 });
    expect(Number(dash.rent_due)).toBeGreaterThan(0);
    expect(dash.rent_due_stays).toBe(10);
    expect(Number(dash.deposits_held)).toBeGreaterThan(0);
    const board = await get('/api/accommodation/occupancy-board/');
    expect(board.rooms).toHaveLength(12);
    const ledger = await get('/api/accommodation/income-expense/');
    expect(ledger.count).toBeGreaterThan(30);
  });
});
