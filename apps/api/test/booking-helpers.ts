import type { FastifyInstance } from 'fastify';
import { addDays, nowIn } from '../src/platform/time.js';
import { call, DEMO_HOST } from './helpers.js';

export const today = () => nowIn('Asia/Kolkata').today;
export const inDays = (n: number) => addDays(today(), n);
export const dmy = (iso: string) => iso.split('-').reverse().join('-');

export interface PortalSlot {
  id: number;
  start_time: string;
  end_time: string;
  price: string;
  booking_status: string;
}

export async function portalFacility(app: FastifyInstance, name = 'Court 1', sport = 'Badminton', host = DEMO_HOST) {
  const centres = (await call(app, { method: 'GET', url: '/api/public/centres/', host })).json().results as { id: number; name: string }[];
  for (const c of centres) {
    const list = (await call(app, { method: 'GET', url: `/api/public/facilities/?centre=${c.id}&enable_online_booking=true`, host })).json()
      .results as { id: number; name: string; sport_name: string }[];
    const hit = list.find((f) => f.name === name && f.sport_name === sport);
    if (hit) return { centre: c.id, facility: hit.id };
  }
  throw new Error(`no facility ${sport} - ${name}`);
}

export async function slotsOn(app: FastifyInstance, facility: number, date: string, host = DEMO_HOST): Promise<PortalSlot[]> {
  const res = await call(app, { method: 'GET', url: `/api/booking/facility/${facility}/online-available-slots/${dmy(date)}/`, host });
  if (res.statusCode !== 200) throw new Error(`slots: ${res.statusCode} ${res.body}`);
  return (res.json() as { time_slots: PortalSlot[] }[]).flatMap((g) => g.time_slots);
}

export function requestBody(
  centre: number,
  facility: number,
  date: string,
  slots: PortalSlot[],
  contact: Partial<{ name: string; email: string; mobile_no: string }> = {},
) {
  const total = slots.reduce((s, x) => s + Math.round(Number(x.price) * 100), 0);
  const amount = (total / 100).toFixed(2);
  return {
    centre,
    facility,
    date,
    time_slots: slots.map((s) => ({ date, slot: s.id, start_time: s.start_time, end_time: s.end_time })),
    name: 'Meera Pillai',
    email: 'meera@example.com',
    mobile_no: '98450 11111',
    booking_amount: amount,
    sub_total: amount,
    ...contact,
  };
}
