/**
 * Training › Exercises: the provider's library (read-only, shared) and the organisation's own
 * (with a picture or a video link), listed together. A library id is below OWN_EXERCISE_ID_MIN; a
 * write on one is a 404, as on another organisation's exercise.
 */
import { exerciseEndpoints as e, OWN_EXERCISE_ID_MIN, type Exercise } from '@arena/contracts/training-workout';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, notFound, onUnique } from '../../platform/errors.js';
import { organisationFolder, readFormBody, removeUpload, saveImage } from '../../platform/files.js';
import { record } from '../../platform/audit.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { uploadUrl } from '../../platform/uploads.js';
import { MODULE } from './constants.js';
import { exercise } from './schema.js';

type Row = {
  id: number | string;
  name: string;
  category: string;
  equipment: string;
  primary_muscles: string[];
  secondary_muscles: string[];
  description: string;
  video_url: string;
  picture: string | null;
  is_global: boolean;
  is_active: boolean;
};

const toExercise = (r: Row): Exercise => ({ ...r, id: Number(r.id), picture: uploadUrl(r.picture) });

/** Library and own exercises as one set of rows (the organisation's own rows only). */
export const allExercises = (ctx: Ctx) => sql`(
  select l.id, l.name, l.category, l.equipment, l.primary_muscles, l.secondary_muscles, l.description,
         ''::text as video_url, null::text as picture, true as is_global, true as is_active
    from training_exercise_library l
  union all
  select x.id, x.name, x.category, x.equipment, x.primary_muscles, x.secondary_muscles, x.description,
         x.video_url, x.picture, false as is_global, x.is_active
    from training_exercise x where x.organisation_id = ${ctx.organisationId}
)`;

export async function loadExercise(tx: Tx, ctx: Ctx, id: number): Promise<Exercise> {
  const [row] = await queryRows<Row>(tx, sql`select * from ${allExercises(ctx)} e where e.id = ${id}`);
  if (!row) throw notFound();
  return toExercise(row);
}

/** Which of `ids` are exercises the organisation may use (the library's and its own). */
export async function knownExercises(tx: Tx, ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select e.id, e.name from ${allExercises(ctx)} e where e.id = any(${idArray(wanted)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** The two columns an exercise id goes into. */
export const exerciseColumns = (id: number) =>
  id >= OWN_EXERCISE_ID_MIN ? { libraryExerciseId: null, exerciseId: id } : { libraryExerciseId: id, exerciseId: null };

const unique = onUnique({ training_exercise_org_name_key: { field: 'name', message: 'An exercise with this name already exists.' } });

type Input = Partial<{
  name: string;
  category: string;
  equipment: string;
  primary_muscles: string[];
  secondary_muscles: string[];
  description: string;
  video_url: string;
  is_active: boolean;
}>;

const values = (i: Input) => ({
  ...(i.name !== undefined ? { name: i.name } : {}),
  ...(i.category !== undefined ? { category: i.category } : {}),
  ...(i.equipment !== undefined ? { equipment: i.equipment } : {}),
  ...(i.primary_muscles !== undefined ? { primaryMuscles: i.primary_muscles } : {}),
  ...(i.secondary_muscles !== undefined ? { secondaryMuscles: i.secondary_muscles } : {}),
  ...(i.description !== undefined ? { description: i.description } : {}),
  ...(i.video_url !== undefined ? { videoUrl: i.video_url } : {}),
  ...(i.is_active !== undefined ? { isActive: i.is_active } : {}),
});

/** An own exercise of the organisation, locked; a library id or another organisation's is a 404. */
async function ownRow(tx: Tx, ctx: Ctx, id: number) {
  if (id < OWN_EXERCISE_ID_MIN) throw notFound();
  const [row] = await tx
    .select()
    .from(exercise)
    .where(and(eq(exercise.organisationId, ctx.organisationId), eq(exercise.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function createExercise(tx: Tx, ctx: Ctx, input: Required<Input>): Promise<Exercise> {
  const [row] = await tx
    .insert(exercise)
    .values({ organisationId: ctx.organisationId, ...values(input) } as typeof exercise.$inferInsert)
    .returning()
    .catch(unique);
  const out = await loadExercise(tx, ctx, row.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'training_exercise',
    objectId: row.id,
    label: row.name,
    action: 'create',
    after: out,
  });
  return out;
}

export async function updateExercise(tx: Tx, ctx: Ctx, id: number, input: Input): Promise<Exercise> {
  const before = await ownRow(tx, ctx, id);
  const { primary_muscles } = input;
  if (primary_muscles && !primary_muscles.length) throw badRequest({ primary_muscles: ['Choose at least one muscle.'] });
  await tx
    .update(exercise)
    .set({ ...values(input), updatedAt: ctx.now.instant })
    .where(and(eq(exercise.organisationId, ctx.organisationId), eq(exercise.id, id)))
    .catch(unique);
  const out = await loadExercise(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'training_exercise',
    objectId: id,
    label: out.name,
    action: 'update',
    before,
    after: out,
  });
  return out;
}

async function deleteExercise(tx: Tx, ctx: Ctx, id: number): Promise<string | null> {
  const before = await ownRow(tx, ctx, id);
  const used = await queryRows(
    tx,
    sql`select 1 from training_plan_item where organisation_id = ${ctx.organisationId} and exercise_id = ${id}
        union all select 1 from training_workout_log where organisation_id = ${ctx.organisationId} and exercise_id = ${id} limit 1`,
  );
  if (used.length) throw badRequest('Plans or workout logs use this exercise: deactivate it instead.');
  await tx.delete(exercise).where(and(eq(exercise.organisationId, ctx.organisationId), eq(exercise.id, id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'training_exercise',
    objectId: id,
    label: before.name,
    action: 'delete',
    before,
  });
  return before.picture;
}

async function setPicture(tx: Tx, ctx: Ctx, id: number, picture: string): Promise<{ out: Exercise; replaced: string | null }> {
  const before = await ownRow(tx, ctx, id);
  await tx
    .update(exercise)
    .set({ picture, updatedAt: ctx.now.instant })
    .where(and(eq(exercise.organisationId, ctx.organisationId), eq(exercise.id, id)));
  const out = await loadExercise(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'training_exercise',
    objectId: id,
    label: out.name,
    action: 'update',
    before: { picture: uploadUrl(before.picture) },
    after: { picture: out.picture },
  });
  return { out, replaced: before.picture };
}

export async function exerciseRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['training_exercise'];
  route(app, e.list, {
    module: MODULE,
    tags,
    summary: 'The exercise library and the organisation’s own exercises',
    handler: async (request) => {
      const q = request.query;
      const size = q.page_size ?? 25;
      const page = q.page ?? 1;
      const where = [sql`true`];
      if (q.search) where.push(sql`e.name ilike ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      if (q.muscle) where.push(sql`(${q.muscle} = any(e.primary_muscles) or ${q.muscle} = any(e.secondary_muscles))`);
      if (q.equipment) where.push(sql`e.equipment = ${q.equipment}`);
      if (q.category) where.push(sql`e.category = ${q.category}`);
      if (q.source) where.push(sql`e.is_global = ${q.source === 'global'}`);
      const cond = sql.join(where, sql` and `);
      return inTenant(request, async (tx, ctx) => {
        const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${allExercises(ctx)} e where ${cond}`);
        const rows = await queryRows<Row>(
          tx,
          sql`select * from ${allExercises(ctx)} e where ${cond} order by (${q.muscle ?? ''} <> '' and not (${q.muscle ?? ''} = any(e.primary_muscles))), lower(e.name), e.id
              limit ${size} offset ${(page - 1) * size}`,
        );
        const link = (p: number) => {
          const params = new URLSearchParams(Object.entries({ ...q, page: p }).map(([k, v]): [string, string] => [k, String(v)]));
          return `${request.protocol}://${request.host}${e.list.path}?${params.toString()}`;
        };
        return {
          count: Number(n),
          next: page * size < Number(n) ? link(page + 1) : null,
          previous: page > 1 ? link(page - 1) : null,
          results: rows.map(toExercise),
        };
      });
    },
  });
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'An exercise',
    handler: (request) => inTenant(request, (tx, ctx) => loadExercise(tx, ctx, request.params.id)),
  });
  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Add an exercise of the organisation',
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => createExercise(tx, ctx, request.body as Required<Input>))),
  });
  route(app, e.update, {
    module: MODULE,
    tags,
    summary: 'Edit an exercise of the organisation',
    handler: (request) => inTenant(request, (tx, ctx) => updateExercise(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.partialUpdate, {
    module: MODULE,
    tags,
    summary: 'Edit some fields of an exercise of the organisation',
    handler: (request) => inTenant(request, (tx, ctx) => updateExercise(tx, ctx, request.params.id, request.body as Input)),
  });
  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: 'Delete an exercise of the organisation that no plan or log uses',
    handler: async (request, reply) => {
      const picture = await inTenant(request, (tx, ctx) => deleteExercise(tx, ctx, request.params.id));
      await removeUpload(app.config, picture);
      return reply.status(204).send();
    },
  });
  route(app, e.upload, {
    module: MODULE,
    tags,
    summary: "Replace an own exercise's picture (multipart/form-data, `picture`: PNG, JPEG, GIF or WebP, at most 2 MB)",
    handler: async (request) => {
      const form = await readFormBody(request);
      const file = form.files.picture;
      if (!file) throw badRequest({ picture: ['Choose a picture to upload.'] });
      const saved = await saveImage(app.config, organisationFolder(request.organisation!.id), file, 'picture');
      try {
        const { out, replaced } = await inTenant(request, (tx, ctx) => setPicture(tx, ctx, request.params.id, saved));
        await removeUpload(app.config, replaced);
        return out;
      } catch (err) {
        await removeUpload(app.config, saved);
        throw err;
      }
    },
  });
}
