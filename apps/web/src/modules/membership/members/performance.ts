/** A member's measurements as one series per item (weight, 5 km run …), oldest first, for the progress charts. */

export interface MeasurementRow {
  item: number;
  item_name: string;
  category_name: string;
  unit: string;
  value: string;
  date: string;
  id: number;
}

export interface ItemSeries {
  item: number;
  name: string;
  category: string;
  unit: string;
  points: { date: string; value: number }[];
  /** The latest value, and how far it moved since the first. */
  latest: number;
  change: number;
}

/** Rounds away float noise (72.3 − 74.1 → −1.8, not −1.7999999). */
const tidy = (n: number) => Math.round(n * 100) / 100;

export function performanceSeries(rows: readonly MeasurementRow[]): ItemSeries[] {
  const byItem = new Map<number, MeasurementRow[]>();
  for (const r of rows) byItem.set(r.item, [...(byItem.get(r.item) ?? []), r]);
  const series: ItemSeries[] = [];
  for (const [item, list] of byItem) {
    const sorted = [...list].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
    const points = sorted.map((r) => ({ date: r.date, value: Number(r.value) })).filter((p) => Number.isFinite(p.value));
    if (points.length === 0) continue;
    const first = points[0].value;
    const latest = points[points.length - 1].value;
    series.push({
      item,
      name: sorted[0].item_name,
      category: sorted[0].category_name,
      unit: sorted[0].unit,
      points,
      latest,
      change: tidy(latest - first),
    });
  }
  return series.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
}
