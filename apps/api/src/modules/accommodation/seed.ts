/**
 * Demo: an academy hostel at the first centre — 3 room types, 12 rooms, 40 beds; 30 residents on
 * monthly stays (checked in over the last months, this month's rent billed, a third of it still
 * due), nightly guests (two checked out with their bills paid, one in house, two arriving), and
 * the settings' defaults. Through the services, so the invoices and the ledger are real.
 */
import { fromPaise, paise } from '@arena/contracts/kit';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import type { DemoHistory } from '../../platform/module.js';
import { addDays } from '../../platform/time.js';
import { centre, paymentMode } from '../administrator/index.js';
import { charge, client, room, roomType } from './schema.js';
import { checkIn, checkOut, createStay, payStay } from './stay.service.js';

const TYPES = [
  {
    name: 'Dormitory (4 beds)',
    beds: 4,
    night: '800.00',
    month: '9000.00',
    deposit: '5000.00',
    amenities: ['Fan', 'Locker', 'Common bath'],
    rooms: 6,
  },
  {
    name: 'Triple sharing',
    beds: 3,
    night: '1100.00',
    month: '12000.00',
    deposit: '7500.00',
    amenities: ['AC', 'Locker', 'Attached bath'],
    rooms: 4,
  },
  {
    name: 'Twin sharing AC',
    beds: 2,
    night: '1500.00',
    month: '16000.00',
    deposit: '10000.00',
    amenities: ['AC', 'Attached bath', 'Study table', 'Wi-Fi'],
    rooms: 2,
  },
];

const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Krishna',
  'Ishaan',
  'Shaurya',
  'Ananya',
  'Diya',
  'Saanvi',
  'Aadhya',
  'Myra',
  'Anika',
  'Kiara',
  'Riya',
  'Navya',
  'Sara',
  'Kabir',
  'Rohan',
  'Dhruv',
  'Yash',
  'Om',
  'Meera',
  'Tara',
  'Isha',
  'Nisha',
  'Pooja',
  'Rahul',
  'Neha',
  'Vikram',
  'Kavya',
  'Aryan',
];
const LAST = ['Sharma', 'Verma', 'Iyer', 'Reddy', 'Nair', 'Patel', 'Gupta', 'Singh', 'Rao', 'Menon'];

export async function seedAccommodation(tx: Tx, ctx: Ctx): Promise<DemoHistory | void> {
  // The demo club runs the hostel; the other demo organisations start the module empty (as the store does).
  if (ctx.organisation.subdomain !== 'demo') return;
  const org = ctx.organisationId;
  const [first] = await tx
    .select({ id: centre.id })
    .from(centre)
    .where(and(eq(centre.organisationId, org), eq(centre.isActive, true)))
    .orderBy(centre.id)
    .limit(1);
  const modes = await tx
    .select({ id: paymentMode.id, name: paymentMode.name })
    .from(paymentMode)
    .where(eq(paymentMode.organisationId, org));
  if (!first || !modes.length) return;
  const cash = modes.find((m) => /cash/i.test(m.name)) ?? modes[0];
  const upi = modes.find((m) => /upi/i.test(m.name)) ?? cash;
  const today = ctx.now.today;

  // Rooms: floors G, 1, 2; beds 1..n.
  const beds: { room: number; bed: number }[] = [];
  let n = 0;
  for (const t of TYPES) {
    const [type] = await tx
      .insert(roomType)
      .values({
        organisationId: org,
        name: t.name,
        bedsPerRoom: t.beds,
        ratePerNight: t.night,
        ratePerMonth: t.month,
        deposit: t.deposit,
        amenities: t.amenities,
        description: `${t.beds} beds a room`,
        gstRates: [{ rate: 5, from: '2017-07-01' }],
        sacCode: '996311',
      })
      .returning({ id: roomType.id });
    for (let i = 0; i < t.rooms; i++, n++) {
      const floor = n < 4 ? 'Ground' : n < 8 ? 'First' : 'Second';
      const number = `${floor[0]}-${101 + (n % 4)}`;
      const [r] = await tx
        .insert(room)
        .values({ organisationId: org, number, roomTypeId: type.id, centreId: first.id, floor })
        .returning({ id: room.id });
      for (let b = 1; b <= t.beds; b++) beds.push({ room: r.id, bed: b });
    }
  }

  // Residents: 30 on monthly stays (the academy's trainees, some minors with a guardian), 5 nightly guests.
  const people = await tx
    .insert(client)
    .values(
      Array.from({ length: 35 }, (_, i) => {
        const minor = i < 30 && i % 3 === 0;
        const year = Number(today.slice(0, 4)) - (minor ? 16 : 19 + (i % 6));
        return {
          organisationId: org,
          name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
          phone: `9${String(812000000 + i * 1337).padStart(9, '0')}`,
          email: `resident${i + 1}@example.in`,
          dateOfBirth: i < 30 ? `${year}-${String((i % 12) + 1).padStart(2, '0')}-15` : null,
          gender: i % 10 >= 5 ? 'female' : 'male',
          address: 'Hostel block, Academy campus',
          guardianName: minor ? `${FIRST[(i + 5) % FIRST.length]} ${LAST[(i * 7) % LAST.length]}` : '',
          guardianPhone: minor ? `9${String(712000000 + i * 911).padStart(9, '0')}` : '',
          guardianRelation: minor ? 'Parent' : '',
          idProofType: i < 30 ? 'aadhaar' : 'driving_licence',
          idProofNumber: i < 30 ? `XXXX XXXX ${String(4000 + i)}` : `KA01 2019 00${String(1000 + i)}`,
        };
      }),
    )
    .returning({ id: client.id });

  // The stays bill and take payments today: a step of the demo's history dated today, so their invoices are
  // numbered after every module's past sales (each GST series runs with time).
  const stays = async () => {
    // Monthly stays: beds 0..29 taken, checked in 0 to 150 days ago, to the end of the academic year.
    for (let i = 0; i < 30; i++) {
      const start = addDays(today, -((i * 37) % 150));
      const s = await createStay(tx, ctx, {
        client: people[i].id,
        room: beds[i].room,
        bed: beds[i].bed,
        check_in: start,
        check_out: addDays(today, 120 + (i % 5) * 30),
        rate_basis: 'monthly',
        notes: '',
      });
      await checkIn(tx, ctx, s.id, { deposit_payment_mode: i % 2 ? upi.id : cash.id, reference: '' });
      // Two thirds have paid this month's rent.
      if (i % 3 !== 2) {
        await payAll(tx, ctx, s.id, i % 2 ? upi.id : cash.id);
      }
    }

    // Nightly guests: two stayed and left today (bills paid), one in house, two arriving.
    for (let g = 0; g < 5; g++) {
      const bed = beds[30 + g];
      const person = people[30 + g].id;
      if (g < 3) {
        const s = await createStay(tx, ctx, {
          client: person,
          room: bed.room,
          bed: bed.bed,
          check_in: addDays(today, -(2 + g)),
          check_out: addDays(today, g < 2 ? 1 : 3),
          rate_basis: 'nightly',
          notes: 'Visiting coach',
        });
        await checkIn(tx, ctx, s.id, { deposit_payment_mode: cash.id, reference: '' });
        if (g < 2) {
          await checkOut(tx, ctx, s.id, {
            deposit_action: 'refund',
            deductions: '0.00',
            deduction_reason: '',
            refund_payment_mode: null,
            payment: null,
          });
          await payAll(tx, ctx, s.id, upi.id);
        }
      } else {
        await createStay(tx, ctx, {
          client: person,
          room: bed.room,
          bed: bed.bed,
          check_in: addDays(today, g - 1),
          check_out: addDays(today, g + 2),
          rate_basis: 'nightly',
          notes: 'Tournament guest',
        });
      }
    }
  };
  return { steps: [{ date: today, run: stays }] };
}

/** Pays what a stay owes. */
async function payAll(tx: Tx, ctx: Ctx, stayId: number, mode: number) {
  const rows = await tx
    .select()
    .from(charge)
    .where(and(eq(charge.organisationId, ctx.organisationId), eq(charge.stayId, stayId)));
  const due = rows.reduce((n, c) => n + paise(c.total) - paise(c.credited) - paise(c.paid), 0);
  if (due > 0) await payStay(tx, ctx, stayId, { amount: fromPaise(due), payment_mode: mode, reference: '', notes: '' });
}
