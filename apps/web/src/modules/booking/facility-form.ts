import { facilityInputSchema, type Facility, type FacilityInput } from '@arena/contracts';

/** The editable shape of a facility: every input is a string or boolean, as the form holds it. */
export interface SlotDraft {
  key: string;
  id?: number;
  start_time: string;
  end_time: string;
  price: string;
  weekend_price: string;
  is_active: boolean;
}
export interface GroupDraft {
  key: string;
  id?: number;
  name: string;
  time_slots: SlotDraft[];
}
export interface FacilityDraft {
  name: string;
  centre: string;
  sport: string;
  description: string;
  capacity: string;
  enable_online_booking: boolean;
  advance_booking_days: string;
  is_active: boolean;
  slot_groups: GroupDraft[];
}
export type DraftErrors = Record<string, string>;

let seq = 0;
export const newKey = () => `k${++seq}`;

const hhmm = (t: string) => t.slice(0, 5);
const addMinutes = (t: string, minutes: number) => {
  const [h, m] = t.split(':').map(Number);
  const total = Math.min(h * 60 + m + minutes, 23 * 60 + 59);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/** The next slot continues where the last one ended, with the same length and prices. */
export function nextSlot(group: GroupDraft): SlotDraft {
  const last = group.time_slots[group.time_slots.length - 1];
  if (!last || !last.start_time || !last.end_time)
    return { key: newKey(), start_time: '06:00', end_time: '07:00', price: last?.price ?? '', weekend_price: '', is_active: true };
  const [sh, sm] = last.start_time.split(':').map(Number);
  const [eh, em] = last.end_time.split(':').map(Number);
  const length = Math.max(eh * 60 + em - (sh * 60 + sm), 30);
  return {
    key: newKey(),
    start_time: last.end_time,
    end_time: addMinutes(last.end_time, length),
    price: last.price,
    weekend_price: last.weekend_price,
    is_active: true,
  };
}

export const blankGroup = (name: string): GroupDraft => ({
  key: newKey(),
  name,
  time_slots: [{ key: newKey(), start_time: '06:00', end_time: '07:00', price: '', weekend_price: '', is_active: true }],
});

export function draftOf(f: Facility | null, centre: string): FacilityDraft {
  if (!f)
    return {
      name: '',
      centre,
      sport: '',
      description: '',
      capacity: '1',
      enable_online_booking: true,
      advance_booking_days: '30',
      is_active: true,
      slot_groups: [blankGroup('Morning')],
    };
  return {
    name: f.name,
    centre: String(f.centre),
    sport: String(f.sport),
    description: f.description,
    capacity: String(f.capacity),
    enable_online_booking: f.enable_online_booking,
    advance_booking_days: String(f.advance_booking_days),
    is_active: f.is_active,
    slot_groups: f.slot_groups.map((g) => ({
      key: newKey(),
      id: g.id,
      name: g.name,
      time_slots: g.time_slots.map((s) => ({
        key: newKey(),
        id: s.id,
        start_time: hhmm(s.start_time),
        end_time: hhmm(s.end_time),
        price: s.price,
        weekend_price: s.weekend_price ?? '',
        is_active: s.is_active,
      })),
    })),
  };
}

const toInt = (v: string) => (v.trim() === '' ? NaN : Number(v));

/**
 * Validate with the contracts' schema (end after start, price ≥ 0 …), plus what a schema of one
 * slot cannot see: slots of one group may not overlap. Error keys are paths like
 * `slot_groups.0.time_slots.2.end_time`, the same shape the server's field errors map to.
 */
export function validateDraft(d: FacilityDraft): { input?: FacilityInput; errors: DraftErrors } {
  const candidate = {
    name: d.name,
    centre: d.centre ? Number(d.centre) : undefined,
    sport: d.sport ? Number(d.sport) : undefined,
    description: d.description,
    capacity: toInt(d.capacity),
    enable_online_booking: d.enable_online_booking,
    advance_booking_days: toInt(d.advance_booking_days),
    is_active: d.is_active,
    slot_groups: d.slot_groups.map((g) => ({
      ...(g.id ? { id: g.id } : {}),
      name: g.name,
      time_slots: g.time_slots.map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        start_time: s.start_time,
        end_time: s.end_time,
        price: s.price.trim(),
        weekend_price: s.weekend_price.trim() === '' ? null : s.weekend_price.trim(),
        is_active: s.is_active,
      })),
    })),
  };
  const errors: DraftErrors = {};
  const parsed = facilityInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      const friendly =
        key === 'centre'
          ? 'Choose a centre.'
          : key === 'sport'
            ? 'Choose a sport.'
            : /capacity|advance_booking_days/.test(key)
              ? 'Enter a whole number.'
              : issue.message;
      errors[key] ??= friendly;
    }
  }
  d.slot_groups.forEach((g, gi) => {
    const sorted = g.time_slots.map((s, si) => ({ s, si })).filter(({ s }) => s.start_time && s.end_time && s.end_time > s.start_time);
    sorted.sort((a, b) => a.s.start_time.localeCompare(b.s.start_time));
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1];
      const cur = sorted[i];
      if (cur.s.start_time < prev.s.end_time) {
        errors[`slot_groups.${gi}.time_slots.${cur.si}.start_time`] ??= `Overlaps ${prev.s.start_time}–${prev.s.end_time}.`;
      }
    }
  });
  return Object.keys(errors).length ? { errors } : { input: parsed.data, errors };
}

/** Server field errors → draft paths: "slot_groups[0].time_slots[1].price" and "slot_groups.0…" both work. */
export function serverErrorPaths(fields: Record<string, string>): DraftErrors {
  const out: DraftErrors = {};
  for (const [key, message] of Object.entries(fields)) out[key.replace(/\[(\d+)\]/g, '.$1')] = message;
  return out;
}
