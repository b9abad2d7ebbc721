import { facilityInputSchema, type Facility } from '@arena/contracts/booking';
import { z } from '@arena/contracts/kit';
import { requestSchema, type FormInput } from '../../lib/form';

/** A number field's value: NaN while it is empty or unreadable (the request schema then says so). */
const count = z.union([z.number(), z.nan()]);

/** A time slot as the form holds it: times as typed, prices as decimal text, no weekend price as null. */
const slotFields = z.object({
  id: z.number().optional(),
  start_time: z.string(),
  end_time: z.string(),
  price: z.string(),
  weekend_price: z.string().nullable(),
  is_active: z.boolean(),
});
const groupFields = z.object({ id: z.number().optional(), name: z.string(), time_slots: z.array(slotFields) });

const facilityFields = z.object({
  name: z.string(),
  centre: z.string(),
  sport: z.string(),
  description: z.string(),
  capacity: count,
  enable_online_booking: z.boolean(),
  payment_required: z.boolean(),
  advance_booking_days: count,
  is_active: z.boolean(),
  gst_rate: z.string(),
  sac_code: z.string(),
  slot_groups: z.array(groupFields),
});

export type FacilityForm = FormInput<typeof facilityFormSchema>;
export type SlotValues = z.input<typeof slotFields>;
export type GroupValues = z.input<typeof groupFields>;

/**
 * The facility request of the contracts (end after start, prices, limits …) built from the form,
 * plus what a schema of one slot cannot see: slots of one group may not overlap. Messages land on
 * paths such as `slot_groups.0.time_slots.2.end_time`, the same the server's field errors use.
 */
export const facilityFormSchema = requestSchema(facilityFields, facilityInputSchema, (v, issue) => {
  if (!v.centre) issue('centre', 'Choose a centre.');
  if (!v.sport) issue('sport', 'Choose a sport.');
  v.slot_groups.forEach((g, gi) => {
    const timed = g.time_slots.map((s, si) => ({ s, si })).filter(({ s }) => s.start_time && s.end_time && s.end_time > s.start_time);
    timed.sort((a, b) => a.s.start_time.localeCompare(b.s.start_time));
    for (let i = 1; i < timed.length; i++) {
      const [prev, cur] = [timed[i - 1], timed[i]];
      if (cur.s.start_time < prev.s.end_time)
        issue(`slot_groups.${gi}.time_slots.${cur.si}.start_time`, `Overlaps ${prev.s.start_time}–${prev.s.end_time}.`);
    }
  });
  return {
    ...v,
    centre: v.centre || undefined,
    sport: v.sport || undefined,
    slot_groups: v.slot_groups.map((g) => ({
      ...(g.id ? { id: g.id } : {}),
      name: g.name,
      time_slots: g.time_slots.map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        start_time: s.start_time,
        end_time: s.end_time,
        price: s.price.trim(),
        weekend_price: s.weekend_price?.trim() || null,
        is_active: s.is_active,
      })),
    })),
  };
});

const hhmm = (t: string) => t.slice(0, 5);
const minutes = (t: string) => {
  const [h, m] = t.split(':').map(Number);
  return h * 60 + m;
};
const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
const isTime = (t: string) => /^\d{2}:\d{2}$/.test(t);

/** The next slot continues where the last one ended, with the same length and prices. */
export function nextSlot(slots: SlotValues[]): SlotValues {
  const last = slots[slots.length - 1];
  if (!last || !isTime(last.start_time) || !isTime(last.end_time))
    return { start_time: '06:00', end_time: '07:00', price: last?.price ?? '', weekend_price: null, is_active: true };
  const length = Math.max(minutes(last.end_time) - minutes(last.start_time), 30);
  return {
    start_time: last.end_time,
    end_time: clock(Math.min(minutes(last.end_time) + length, 23 * 60 + 59)),
    price: last.price,
    weekend_price: last.weekend_price,
    is_active: true,
  };
}

export const blankGroup = (name: string): GroupValues => ({
  name,
  time_slots: [{ start_time: '06:00', end_time: '07:00', price: '', weekend_price: null, is_active: true }],
});

/** The form's values for a facility being edited, or a new one in the sidebar's centre. */
export function facilityDefaults(f: Facility | null, centre: string): FacilityForm {
  if (!f)
    return {
      name: '',
      centre,
      sport: '',
      description: '',
      capacity: 1,
      enable_online_booking: true,
      payment_required: false,
      advance_booking_days: 30,
      is_active: true,
      gst_rate: '18',
      sac_code: '999652',
      slot_groups: [blankGroup('Morning')],
    };
  return {
    name: f.name,
    centre: String(f.centre),
    sport: String(f.sport),
    description: f.description,
    capacity: f.capacity,
    enable_online_booking: f.enable_online_booking,
    payment_required: f.payment_required,
    advance_booking_days: f.advance_booking_days,
    is_active: f.is_active,
    gst_rate: String(f.gst_rate),
    sac_code: f.sac_code,
    slot_groups: f.slot_groups.map((g) => ({
      id: g.id,
      name: g.name,
      time_slots: g.time_slots.map((s) => ({
        id: s.id,
        start_time: hhmm(s.start_time),
        end_time: hhmm(s.end_time),
        price: s.price,
        weekend_price: s.weekend_price,
        is_active: s.is_active,
      })),
    })),
  };
}
