/**
 * The global exercise library: written once, in one statement, on boot (and by the demo seed),
 * idempotently — rows already there are left alone, new rows of `LIBRARY` are added.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import { LIBRARY } from './library-data.js';
import { exerciseLibrary } from './schema.js';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const libraryRows = () =>
  LIBRARY.map(([name, category, equipment, primary, secondary, description], i) => ({
    id: i + 1,
    slug: slugOf(name),
    name,
    category,
    equipment,
    primaryMuscles: primary,
    secondaryMuscles: secondary,
    description,
  }));

export async function ensureExerciseLibrary(db: Queryable): Promise<void> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(exerciseLibrary)) as { n: number }[];
  if (n >= LIBRARY.length) return;
  await db.insert(exerciseLibrary).values(libraryRows()).onConflictDoNothing();
}
