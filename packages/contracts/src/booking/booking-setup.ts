/**
 * Issue 12, set-up work: the recurring booking's preview, copying a facility's slot groups to
 * another facility, and the slot generator of the facility form.
 */
import { z } from '../zod-config.js';
import { idSchema } from '../common.js';
import { fromPaise, toPaise } from '../money.js';

// ---- POST /booking/subscription/preview/ (same body as creating a subscription) ----
export const subscriptionPreviewSlotSchema = z.object({
  time_slot_id: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  price: z.string(),
  /** free, booked (by someone), or unavailable (not offered, already started). */
  status: z.enum(['free', 'booked', 'unavailable']),
});
export const subscriptionPreviewDateSchema = z.object({
  date: z.string(),
  status: z.enum(['free', 'clash']),
  /** The price of the chosen slots on this date (weekend prices on Saturdays and Sundays). */
  price: z.string(),
  slots: z.array(subscriptionPreviewSlotSchema),
  /** Why the date clashes ("18:00–19:00: Already booked."), '' when free. */
  reason: z.string(),
  /** For a clash: the nearest free slot(s) of the same length that day, or null (skip). */
  proposal: z
    .object({ time_slot_ids: z.array(z.number()), start_time: z.string(), end_time: z.string(), price: z.string() })
    .nullable()
    .optional(),
});
export const subscriptionPreviewSchema = z.object({
  dates: z.array(subscriptionPreviewDateSchema),
  /** The total of the free dates (a clash without a resolution is skipped). */
  total: z.string(),
  free_count: z.number(),
  clash_count: z.number(),
});
export type SubscriptionPreview = z.infer<typeof subscriptionPreviewSchema>;
export type SubscriptionPreviewDate = z.infer<typeof subscriptionPreviewDateSchema>;

// ---- POST /booking/facility/{id}/copy-slot-groups/ ----
/** Copies the slot groups of facility {id} (the source) to `to_facility`, appended after the target's own groups. */
export const copySlotGroupsInputSchema = z.object({ to_facility: idSchema });
export const copySlotGroupsResultSchema = z.object({
  from_facility: z.number(),
  to_facility: z.number(),
  groups: z.number(),
  slots: z.number(),
});
export type CopySlotGroupsResult = z.infer<typeof copySlotGroupsResultSchema>;

// ---- the slot generator of the facility form ----
export const SLOT_LENGTHS = [30, 60, 90] as const;
export interface SlotGeneratorInput {
  /** "06:00" */
  from: string;
  /** "22:00"; the last slot ends at or before it. */
  to: string;
  /** minutes: 30, 60 or 90 */
  length: number;
  price: string;
  /** '' or null: the same price every day. */
  weekend_price?: string | null;
}
export interface GeneratedSlot {
  start_time: string;
  end_time: string;
  price: string;
  weekend_price: string | null;
  is_active: boolean;
}

const minutesOf = (t: string): number | null => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The slots from `from` to `to` of `length` minutes each ("17:00"–"18:00", …), at most until
 * 23:59; an error message instead when the input cannot give any slot.
 */
export function generateSlots(
  input: SlotGeneratorInput,
): { slots: GeneratedSlot[] } | { error: { field: keyof SlotGeneratorInput; message: string } } {
  const from = minutesOf(input.from);
  const to = input.to === '24:00' ? 24 * 60 - 1 : minutesOf(input.to);
  if (from === null) return { error: { field: 'from', message: 'Enter a time as HH:MM.' } };
  if (to === null) return { error: { field: 'to', message: 'Enter a time as HH:MM.' } };
  if (!SLOT_LENGTHS.includes(input.length as (typeof SLOT_LENGTHS)[number]))
    return { error: { field: 'length', message: 'Choose 30, 60 or 90 minutes.' } };
  if (to <= from) return { error: { field: 'to', message: 'The end must be after the start.' } };
  const price = toPaise(input.price);
  if (price === null) return { error: { field: 'price', message: 'Enter a valid amount (at most 2 decimals, not negative).' } };
  const weekend =
    input.weekend_price === null || input.weekend_price === undefined || input.weekend_price === '' ? null : toPaise(input.weekend_price);
  if (weekend === null && input.weekend_price)
    return { error: { field: 'weekend_price', message: 'Enter a valid amount (at most 2 decimals, not negative).' } };
  const slots: GeneratedSlot[] = [];
  for (let start = from; start + input.length <= to; start += input.length)
    slots.push({
      start_time: hhmm(start),
      end_time: hhmm(start + input.length),
      price: fromPaise(price),
      weekend_price: weekend === null ? null : fromPaise(weekend),
      is_active: true,
    });
  if (!slots.length)
    return { error: { field: 'to', message: `No ${input.length}-minute slot fits between ${input.from} and ${input.to}.` } };
  return { slots };
}
