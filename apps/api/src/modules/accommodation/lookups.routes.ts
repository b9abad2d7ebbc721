/**
 * Room types, rooms and residents through the generic CRUD. A room type carries its GST as rate
 * periods (SAC 996311 by default); its beds per room cannot drop below a bed a stay still holds. A
 * room, a type or a resident with stays cannot be deleted (409: deactivate or close it instead).
 */
import { idSchema, nextRatePeriods, rateOn, type GstRatePeriod } from '@arena/contracts';
import {
  ACCOMMODATION_DEFAULT_GST_RATE,
  ACCOMMODATION_SAC,
  GUARDIAN_MESSAGE,
  ROOM_STATUSES,
  clientEndpoints,
  roomEndpoints,
  roomTypeEndpoints,
  roomTypeInputSchema,
  type AccommodationClient,
  type Room,
  type RoomType,
} from '@arena/contracts/accommodation';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refuseDeleteInUse, registerCrud, statusColumn } from '../../platform/crud.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import { activeFilter, showName, yesNo } from '../../platform/list.js';
import type { Ctx } from '../../platform/request-context.js';
import { ORG_TODAY } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { checkMember, linkedMemberSql } from '../membership/index.js';
import { MODULE } from './constants.js';
import { client, room, roomType } from './schema.js';

const GST_START = '2017-07-01';
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const m2 = (v: string | number) => Number(v).toFixed(2);
const defined = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
const created = { header: 'Created', value: (r: { created_at: string }) => r.created_at, type: 'datetime' as const };

async function named(tx: Tx, ctx: Ctx, table: string, column: string, id: number): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from ${sql.raw(table)} where organisation_id = ${ctx.organisationId} and ${sql.raw(column)} = ${id} limit 1`,
  );
  return rows.length > 0;
}

// ---- room types ----
type RoomTypeRow = typeof roomType.$inferSelect;
const roomCount = sql<number>`(select count(*)::int from accommodation_room r where r.organisation_id = accommodation_room_type.organisation_id and r.room_type_id = accommodation_room_type.id)`;

async function roomTypeScope(scope: FastifyInstance) {
  refuseDeleteInUse(scope, async (tx, ctx, id) =>
    (await named(tx, ctx, 'accommodation_room', 'room_type_id', id)) ? 'Rooms are of this type: deactivate it instead.' : null,
  );
  registerCrud<typeof roomTypeInputSchema, { row: RoomTypeRow; rooms: number }, RoomType>(scope, {
    endpoints: roomTypeEndpoints,
    module: MODULE,
    resource: 'accommodation_room_type',
    table: roomType,
    join: {
      fields: { row: roomType, rooms: roomCount.mapWith(Number) },
      from: (tx, fields) => tx.select(fields).from(roomType).$dynamic(),
    },
    toOutput: ({ row, rooms }: { row: RoomTypeRow; rooms: number }, ctx): RoomType => ({
      id: row.id,
      name: row.name,
      beds_per_room: row.bedsPerRoom,
      rate_per_night: m2(row.ratePerNight),
      rate_per_month: m2(row.ratePerMonth),
      deposit: m2(row.deposit),
      amenities: row.amenities,
      description: row.description,
      is_active: row.isActive,
      gst_rate: rateOn(row.gstRates, ctx.now.today) ?? 0,
      gst_rates: row.gstRates,
      sac_code: row.sacCode,
      rooms,
      beds: rooms * row.bedsPerRoom,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    }),
    toValues: (input) => {
      const i = input as typeof input & { gst_rates?: GstRatePeriod[] };
      return defined({
        name: i.name,
        bedsPerRoom: i.beds_per_room,
        ratePerNight: i.rate_per_night,
        ratePerMonth: i.rate_per_month,
        deposit: i.deposit,
        amenities: i.amenities ? [...new Set(i.amenities)] : undefined,
        description: i.description,
        isActive: i.is_active,
        gstRates: i.gst_rates ?? (i.gst_rate !== undefined ? [{ rate: i.gst_rate, from: GST_START }] : undefined),
        sacCode: i.sac_code,
      });
    },
    beforeWrite: async (tx, ctx, { input, before }) => {
      const body = input as typeof input & { gst_rates?: GstRatePeriod[] };
      if (!before) {
        if (body.gst_rate === undefined && !body.gst_rates) body.gst_rates = [{ rate: ACCOMMODATION_DEFAULT_GST_RATE, from: GST_START }];
        if (body.sac_code === undefined || body.sac_code === '') body.sac_code = ACCOMMODATION_SAC;
      } else if (body.gst_rate !== undefined && !body.gst_rates) {
        body.gst_rates = nextRatePeriods(before.gst_rates, body, ctx.now.today);
      }
      if (before && body.beds_per_room !== undefined && body.beds_per_room < before.beds_per_room) {
        const rows = await queryRows<{ bed: number }>(
          tx,
          sql`select max(s.bed)::int as bed from accommodation_stay s join accommodation_room r on r.organisation_id = s.organisation_id and r.id = s.room_id
              where s.organisation_id = ${ctx.organisationId} and r.room_type_id = ${before.id} and s.status in ('reserved', 'checked_in') and s.check_out > ${ORG_TODAY}`,
        );
        const highest = rows[0]?.bed ?? 0;
        if (highest > body.beds_per_room)
          throw fieldError('beds_per_room', `A stay holds bed ${highest} of a room of this type: at least ${highest} beds.`);
      }
    },
    label: (t) => t.name,
    search: [roomType.name, roomType.description],
    ordering: {
      id: roomType.id,
      name: roomType.name,
      beds_per_room: roomType.bedsPerRoom,
      rate_per_month: roomType.ratePerMonth,
      is_active: roomType.isActive,
      created_at: roomType.createdAt,
    },
    defaultOrdering: [asc(roomType.name)],
    filters: { is_active: activeFilter(roomType.isActive) },
    dropdown: { label: roomType.name, where: eq(roomType.isActive, true) },
    unique: { accommodation_room_type_org_name_key: { field: 'name', message: 'A room type with this name already exists.' } },
    export: {
      filename: 'accommodation-room-types',
      title: 'Room types',
      columns: [
        { header: 'Name', value: (t) => t.name },
        { header: 'Beds per room', value: (t) => t.beds_per_room, type: 'number' },
        { header: 'Rate per night', value: (t) => t.rate_per_night, type: 'money' },
        { header: 'Rate per month', value: (t) => t.rate_per_month, type: 'money' },
        { header: 'Deposit', value: (t) => t.deposit, type: 'money' },
        { header: 'GST %', value: (t) => t.gst_rate, type: 'number' },
        { header: 'Amenities', value: (t) => t.amenities.join(', ') },
        { header: 'Rooms', value: (t) => t.rooms, type: 'number' },
        statusColumn,
        created,
      ],
    },
  });
}

// ---- rooms ----
type RoomRow = typeof room.$inferSelect;
const occupiedSql = sql<number>`(select count(distinct s.bed)::int from accommodation_stay s where s.organisation_id = accommodation_room.organisation_id and s.room_id = accommodation_room.id and s.status in ('reserved', 'checked_in') and s.check_in <= ${ORG_TODAY} and s.check_out > ${ORG_TODAY})`;

async function roomScope(scope: FastifyInstance) {
  refuseDeleteInUse(scope, async (tx, ctx, id) =>
    (await named(tx, ctx, 'accommodation_stay', 'room_id', id)) ? 'This room has stays: close it instead.' : null,
  );
  registerCrud(scope, {
    endpoints: roomEndpoints,
    module: MODULE,
    resource: 'accommodation_room',
    table: room,
    references: { room_type: roomType, centre },
    join: {
      fields: {
        row: room,
        typeName: roomType.name,
        beds: roomType.bedsPerRoom,
        centreName: centre.name,
        occupied: occupiedSql.mapWith(Number),
      },
      from: (tx, fields) =>
        tx
          .select(fields)
          .from(room)
          .innerJoin(roomType, and(eq(roomType.organisationId, room.organisationId), eq(roomType.id, room.roomTypeId)))
          .innerJoin(centre, and(eq(centre.organisationId, room.organisationId), eq(centre.id, room.centreId)))
          .$dynamic(),
    },
    toOutput: (r: { row: RoomRow; typeName: string; beds: number; centreName: string; occupied: number }): Room => ({
      id: r.row.id,
      number: r.row.number,
      room_type: r.row.roomTypeId,
      room_type_name: r.typeName,
      centre: r.row.centreId,
      centre_name: r.centreName,
      floor: r.row.floor,
      status: r.row.status,
      notes: r.row.notes,
      beds: r.beds,
      occupied_today: r.occupied,
      created_at: iso(r.row.createdAt),
      updated_at: iso(r.row.updatedAt),
    }),
    toValues: (i) =>
      defined({ number: i.number, roomTypeId: i.room_type, centreId: i.centre, floor: i.floor, status: i.status, notes: i.notes }),
    beforeWrite: async (tx, ctx, { input, before }) => {
      // A room with stays ahead keeps its type's beds: a type with fewer beds would strand them.
      if (before && input.room_type !== undefined && input.room_type !== before.room_type) {
        const rows = await queryRows<{ bed: number | null; beds: number | null }>(
          tx,
          sql`select (select max(s.bed)::int from accommodation_stay s where s.organisation_id = ${ctx.organisationId} and s.room_id = ${before.id}
                and s.status in ('reserved', 'checked_in') and s.check_out > ${ORG_TODAY}) as bed,
              (select t.beds_per_room from accommodation_room_type t where t.organisation_id = ${ctx.organisationId} and t.id = ${input.room_type}) as beds`,
        );
        const { bed, beds } = rows[0] ?? { bed: null, beds: null };
        if (bed !== null && beds !== null && bed > beds)
          throw fieldError('room_type', `A stay holds bed ${bed} of this room: choose a type with at least ${bed} beds.`);
      }
      if (
        before &&
        input.centre !== undefined &&
        input.centre !== before.centre &&
        (await named(tx, ctx, 'accommodation_stay', 'room_id', before.id))
      )
        throw badRequest({ centre: ['This room has stays: it cannot move to another center.'] });
    },
    label: (r) => r.number,
    search: [room.number, room.floor],
    ordering: { id: room.id, number: room.number, floor: room.floor, status: room.status, created_at: room.createdAt },
    defaultOrdering: [asc(room.centreId), asc(room.number)],
    filters: {
      room_type: { schema: idSchema, where: (v: number) => eq(room.roomTypeId, v), label: 'Room type', show: showName(roomType) },
      centre: { schema: idSchema, where: (v: number) => eq(room.centreId, v), label: 'Center', show: showName(centre) },
      status: {
        schema: z.enum(ROOM_STATUSES),
        where: (v: string) => eq(room.status, v as (typeof ROOM_STATUSES)[number]),
        label: 'Status',
      },
      floor: { schema: z.string().max(40), where: (v: string) => eq(room.floor, v), label: 'Floor' },
    },
    dropdown: {
      label:
        sql<string>`${room.number} || ' (' || (select t.name from accommodation_room_type t where t.organisation_id = accommodation_room.organisation_id and t.id = accommodation_room.room_type_id) || ')'` as never,
      where: eq(room.status, 'available'),
    },
    unique: { accommodation_room_org_number_key: { field: 'number', message: 'This center already has a room with this number.' } },
    export: {
      filename: 'accommodation-rooms',
      title: 'Rooms',
      columns: [
        { header: 'Number', value: (r) => r.number },
        { header: 'Room type', value: (r) => r.room_type_name },
        { header: 'Center', value: (r) => r.centre_name },
        { header: 'Floor', value: (r) => r.floor },
        { header: 'Beds', value: (r) => r.beds, type: 'number' },
        { header: 'Occupied today', value: (r) => r.occupied_today, type: 'number' },
        { header: 'Status', value: (r) => r.status },
        created,
      ],
    },
  });
}

// ---- residents ----
type ClientRow = typeof client.$inferSelect;
const stays = (what: string) =>
  sql.raw(
    `(select ${what} from accommodation_stay s where s.organisation_id = accommodation_client.organisation_id and s.client_id = accommodation_client.id)`,
  );
const clientDue = sql<string>`(select coalesce(sum(greatest(c.total - c.credited - c.paid, 0)), 0)::text from accommodation_charge c join accommodation_stay s on s.organisation_id = c.organisation_id and s.id = c.stay_id where s.organisation_id = accommodation_client.organisation_id and s.client_id = accommodation_client.id)`;
const currentRoom = sql<
  string | null
>`(select r.number || ' bed ' || s.bed from accommodation_stay s join accommodation_room r on r.organisation_id = s.organisation_id and r.id = s.room_id
  where s.organisation_id = accommodation_client.organisation_id and s.client_id = accommodation_client.id and s.status in ('reserved', 'checked_in') and s.check_in <= ${ORG_TODAY} and s.check_out > ${ORG_TODAY}
  order by s.status = 'checked_in' desc, s.id desc limit 1)`;
const inHouse = sql`exists (select 1 from accommodation_stay s where s.organisation_id = accommodation_client.organisation_id and s.client_id = accommodation_client.id and s.status = 'checked_in')`;

/** Under 18 on `today`. */
export const isMinor = (dob: string | null, today: string) => {
  if (!dob) return false;
  const [y, m, d] = today.split('-').map(Number);
  return dob > `${String(y - 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/** The linked member's name and code (membership's, through its public file). */
const linked = linkedMemberSql(client.organisationId, client.memberId);
export const clientFields = {
  row: client,
  stays: sql<number>`${stays('count(*)::int')}`.mapWith(Number),
  due: clientDue,
  currentRoom,
  memberName: linked.name,
  memberCode: linked.code,
};
export const clientFrom = (tx: Tx, fields: Record<string, unknown>) =>
  tx
    .select(fields as typeof clientFields)
    .from(client)
    .$dynamic();
export const clientJson = (
  r: { row: ClientRow; stays: number; due: string; currentRoom: string | null; memberName: string | null; memberCode: string | null },
  ctx: Ctx,
): AccommodationClient => {
  const c = r.row;
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    email: c.email,
    date_of_birth: c.dateOfBirth,
    is_minor: isMinor(c.dateOfBirth, ctx.now.today),
    gender: c.gender,
    address: c.address,
    guardian_name: c.guardianName,
    guardian_phone: c.guardianPhone,
    guardian_relation: c.guardianRelation,
    id_proof_type: c.idProofType,
    id_proof_number: c.idProofNumber,
    has_id_proof: !!c.idProofFile,
    id_proof_name: c.idProofName,
    member: c.memberId,
    member_name: r.memberName ?? '',
    member_code: r.memberCode ?? '',
    notes: c.notes,
    is_active: c.isActive,
    stays: r.stays,
    current_room: r.currentRoom ?? '',
    due: m2(r.due),
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
};

/** One resident as the API shows them (404 when not the organisation's). */
export async function clientById(tx: Tx, ctx: Ctx, id: number): Promise<AccommodationClient> {
  const [row] = await clientFrom(tx, clientFields).where(and(eq(client.organisationId, ctx.organisationId), eq(client.id, id)));
  if (!row) throw notFound();
  return clientJson(row as Parameters<typeof clientJson>[0], ctx);
}

async function clientScope(scope: FastifyInstance) {
  refuseDeleteInUse(scope, async (tx, ctx, id) =>
    (await named(tx, ctx, 'accommodation_stay', 'client_id', id)) ? 'This resident has stays: deactivate them instead.' : null,
  );
  registerCrud(scope, {
    endpoints: clientEndpoints,
    module: MODULE,
    resource: 'accommodation_client',
    table: client,
    join: { fields: clientFields, from: clientFrom },
    toOutput: clientJson,
    toValues: (i) =>
      defined({
        name: i.name,
        phone: i.phone,
        email: i.email,
        dateOfBirth: i.date_of_birth,
        gender: i.gender,
        address: i.address,
        guardianName: i.guardian_name,
        guardianPhone: i.guardian_phone,
        guardianRelation: i.guardian_relation,
        idProofType: i.id_proof_type,
        idProofNumber: i.id_proof_number,
        memberId: i.member,
        notes: i.notes,
        isActive: i.is_active,
      }),
    beforeWrite: async (tx, ctx, { input }) => {
      if (input.member !== undefined) await checkMember(tx, ctx, 'member', input.member);
    },
    check: (out) => {
      if (out.is_minor && (!out.guardian_name || !out.guardian_phone))
        throw badRequest({ [!out.guardian_name ? 'guardian_name' : 'guardian_phone']: [GUARDIAN_MESSAGE] });
    },
    label: (c) => c.name,
    search: [client.name, client.phone, client.email, client.guardianName],
    ordering: { id: client.id, name: client.name, is_active: client.isActive, created_at: client.createdAt },
    defaultOrdering: [asc(client.name)],
    filters: {
      is_active: activeFilter(client.isActive),
      in_house: { schema: z.stringbool(), where: (v: boolean) => (v ? inHouse : sql`not ${inHouse}`), label: 'In house', show: yesNo },
      has_due: {
        schema: z.stringbool(),
        where: (v: boolean) => (v ? sql`${clientDue}::numeric > 0` : sql`${clientDue}::numeric = 0`),
        label: 'With dues',
        show: yesNo,
      },
      member: { schema: idSchema, where: (v: number) => eq(client.memberId, v), label: 'Member' },
    },
    dropdown: { label: client.name, where: eq(client.isActive, true) },
    export: {
      filename: 'accommodation-residents',
      title: 'Residents',
      columns: [
        { header: 'Name', value: (c) => c.name },
        { header: 'Phone', value: (c) => c.phone },
        { header: 'Email', value: (c) => c.email },
        { header: 'Guardian', value: (c) => (c.guardian_name ? `${c.guardian_name} (${c.guardian_phone})` : '') },
        { header: 'Member', value: (c) => (c.member_code ? `${c.member_name} (${c.member_code})` : '') },
        { header: 'Room', value: (c) => c.current_room },
        { header: 'Stays', value: (c) => c.stays, type: 'number' },
        { header: 'Due', value: (c) => c.due, type: 'money' },
        statusColumn,
        created,
      ],
    },
  });
}

export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  await app.register(roomTypeScope);
  await app.register(roomScope);
  await app.register(clientScope);
}
