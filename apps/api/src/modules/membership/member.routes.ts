import {
  GENDER_LABELS,
  idSchema,
  isoDateSchema,
  MEMBER_SOURCE_LABELS,
  MEMBER_STATUS_LABELS,
  MEMBER_STATUSES,
  memberEndpoints as e,
  memberInputSchema,
  memberUpdateSchema,
  z,
  type Member,
  type MemberSource,
  type MemberStatus,
} from '@arena/contracts';
import { asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import { organisationFolder, readFormBody, removeUpload, saveImage, type FormBody } from '../../platform/files.js';
import { listRoute, showName, yesNo, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { displayDate } from '../../platform/time.js';
import { parseOrThrow } from '../../platform/validate.js';
import { centre } from '../administrator/index.js';
import { memberCardPdf } from './card.js';
import { MEMBER_CHOOSERS, MODULE, tags } from './constants.js';
import { loadMember, loadMemberJson, loadMembershipJson, membersJson, photoUrl } from './member.queries.js';
import { matchingMembers } from './search.js';
import { createMember, updateMember } from './member.service.js';
import { batchMember, member, plan, type MemberRow } from './schema.js';

/**
 * The end date a member's list row shows: its current membership's, else its last membership's
 * (the latest end date, not cancelled) — what "Ends" sorts by and `ended_after`/`ended_before` select on.
 */
export const memberEndsOn = sql`coalesce(
  (select c.end_date from membership c where c.organisation_id = ${member.organisationId} and c.id = ${member.currentMembershipId}),
  (select max(x.end_date) from membership x where x.organisation_id = ${member.organisationId} and x.member_id = ${member.id} and x.cancelled_at is null))`;

/** What the member owes on all their sales not cancelled (the list's "Due", as `memberDues` reads it). */
const memberDue = sql`(coalesce((select sum(x.total - x.paid) from membership x
    where x.organisation_id = ${member.organisationId} and x.member_id = ${member.id} and x.cancelled_at is null), 0)
  + coalesce((select sum(y.total - y.paid) from member_service y
    where y.organisation_id = ${member.organisationId} and y.member_id = ${member.id} and y.cancelled_at is null), 0))`;

export const memberList: ListDefinition<{ m: MemberRow }, Member> = {
  from: (tx, fields) => tx.select(fields).from(member).$dynamic(),
  fields: { m: member },
  where: (ctx) => eq(member.organisationId, ctx.organisationId),
  search: [
    member.firstName,
    member.lastName,
    sql`${member.firstName} || ' ' || ${member.lastName}`,
    member.phone,
    member.memberCode,
    member.email,
  ],
  filters: {
    status: {
      schema: z.enum(MEMBER_STATUSES),
      where: (v: MemberStatus) => eq(member.status, v),
      label: 'Status',
      show: (v: MemberStatus) => MEMBER_STATUS_LABELS[v],
    },
    centre: { schema: idSchema, where: (v: number) => eq(member.centreId, v), label: 'Center', show: showName(centre) },
    plan: {
      schema: idSchema,
      where: (v: number) =>
        sql`exists (select 1 from membership x where x.organisation_id = ${member.organisationId} and x.member_id = ${member.id}
                    and x.plan_id = ${v} and x.status in ('upcoming', 'active', 'expiring', 'frozen'))`,
      label: 'Plan',
      show: showName(plan),
    },
    batch: {
      schema: idSchema,
      where: (v: number) =>
        sql`exists (select 1 from ${batchMember} where ${batchMember.organisationId} = ${member.organisationId} and ${batchMember.memberId} = ${member.id} and ${batchMember.batchId} = ${v} and ${batchMember.freedOn} is null)`,
      label: 'Batch',
    },
    trainer: { schema: idSchema, where: (v: number) => eq(member.trainerId, v), label: 'Trainer' },
    is_active: { schema: z.stringbool(), where: (v: boolean) => eq(member.isActive, v), label: 'Active', show: yesNo },
    has_due: {
      schema: z.stringbool(),
      where: (v: boolean) =>
        sql`${v ? sql`` : sql`not `}exists (
              select 1 from membership x where x.organisation_id = ${member.organisationId} and x.member_id = ${member.id} and x.cancelled_at is null and x.paid < x.total
              union all
              select 1 from member_service y where y.organisation_id = ${member.organisationId} and y.member_id = ${member.id} and y.cancelled_at is null and y.paid < y.total)`,
      label: 'With dues',
      show: yesNo,
    },
    joined_after: { schema: isoDateSchema, where: (v: string) => gte(member.joinedOn, v), label: 'Joined from', show: displayDate },
    joined_before: { schema: isoDateSchema, where: (v: string) => lte(member.joinedOn, v), label: 'Joined to', show: displayDate },
    ended_after: { schema: isoDateSchema, where: (v: string) => sql`${memberEndsOn} >= ${v}::date`, label: 'Ends from', show: displayDate },
    ended_before: { schema: isoDateSchema, where: (v: string) => sql`${memberEndsOn} <= ${v}::date`, label: 'Ends to', show: displayDate },
  },
  ordering: {
    member_code: member.memberCode,
    first_name: member.firstName,
    last_name: member.lastName,
    joined_on: member.joinedOn,
    status: member.status,
    created_at: member.createdAt,
    end_date: memberEndsOn,
    due: memberDue,
  },
  defaultOrdering: [desc(member.id)],
  // The expiring members: the soonest to end first, the desk's renewal calls in order.
  defaultOrderingFor: (params) => (params.status === 'expiring' ? [asc(memberEndsOn)] : undefined),
  tiebreak: member.id,
  map: (tx, ctx, rows) =>
    membersJson(
      tx,
      ctx,
      rows.map((r) => r.m),
    ),
  export: {
    filename: 'members',
    title: 'Members',
    columns: [
      { header: 'Code', value: (m) => m.member_code },
      { header: 'Name', value: (m) => m.full_name },
      { header: 'Phone', value: (m) => m.phone },
      { header: 'E-mail', value: (m) => m.email },
      // Labels as the screens show them, never the stored values ("Female", "Walk-in").
      { header: 'Gender', value: (m) => GENDER_LABELS[m.gender] },
      { header: 'Center', value: (m) => m.centre_name },
      { header: 'Status', value: (m) => MEMBER_STATUS_LABELS[m.status] },
      { header: 'Plan', value: (m) => (m.current_membership ?? m.last_membership)?.plan_name ?? '' },
      { header: 'Ends', value: (m) => (m.current_membership ?? m.last_membership)?.end_date ?? null, type: 'date' },
      { header: 'Due', value: (m) => m.due, type: 'money', total: true },
      { header: 'Joined', value: (m) => m.joined_on, type: 'date' },
      { header: 'Source', value: (m) => MEMBER_SOURCE_LABELS[m.source as MemberSource] ?? m.source },
    ],
  },
};

function memberBody(form: FormBody, multipart: boolean): Record<string, unknown> {
  const fields = { ...form.fields };
  delete fields.photo;
  if (!multipart) return fields;
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) {
      if (['date_of_birth', 'trainer', 'membership'].includes(key)) fields[key] = null;
      else if (
        [
          'last_name',
          'email',
          'address',
          'emergency_contact_name',
          'emergency_contact_phone',
          'blood_group',
          'health_notes',
          'notes',
        ].includes(key)
      )
        fields[key] = '';
      else delete fields[key];
    } else if (key === 'is_active') fields[key] = value === 'true' ? true : value === 'false' ? false : value;
    else if (key === 'membership' && typeof value === 'string') {
      try {
        fields[key] = JSON.parse(value);
      } catch {
        throw badRequest({ membership: ['Send the membership as a JSON object.'] });
      }
    } else if (key === 'message_opt_out' && typeof value === 'string') {
      // A JSON list (`["sms"]`), or the channels comma-separated (`sms,email`; empty = none).
      const text = value.trim();
      if (text.startsWith('['))
        try {
          fields[key] = JSON.parse(text);
        } catch {
          throw badRequest({ message_opt_out: ['Send the channels as a JSON list.'] });
        }
      else fields[key] = text ? text.split(',').map((c) => c.trim()) : [];
    }
  }
  return fields;
}

async function readMemberBody(request: FastifyRequest) {
  const form = await readFormBody(request);
  return { form, fields: memberBody(form, request.isMultipart()) };
}

/** Members: the list, add (with a first membership), edit, the card. */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const module = MODULE;
  const uploadNote =
    'JSON, or multipart/form-data with the same fields as text parts (`membership` and `message_opt_out` as JSON text) and the photo (PNG, JPEG, GIF or WebP, at most 2 MB) in `photo`.';

  // ---- members ----
  listRoute(app, e.list, {
    module,
    tags,
    summary: 'Members (filters: status, centre, plan, batch, trainer, search)',
    list: memberList,
  });

  route(app, e.create, {
    module,
    tags,
    summary: 'Add a member, optionally on a plan with a first payment, in one step',
    description: uploadNote,
    handler: async (request, reply) => {
      const { form, fields } = await readMemberBody(request);
      const input = parseOrThrow(memberInputSchema, fields);
      const orgId = request.organisation!.id;
      const photo = form.files.photo ? await saveImage(app.config, organisationFolder(orgId), form.files.photo, 'photo') : null;
      try {
        const out = await inTenant(request, async (tx, ctx) => {
          const created = await createMember(tx, ctx, input, photo);
          const json = (await membersJson(tx, ctx, [await loadMember(tx, ctx, created.member.id)]))[0];
          return { ...json, membership: created.membershipId ? await loadMembershipJson(tx, ctx, created.membershipId) : null };
        });
        return reply.status(201).send(out);
      } catch (err) {
        await removeUpload(app.config, photo);
        throw err;
      }
    },
  });

  route(app, e.retrieve, {
    module,
    tags,
    summary: 'A member',
    handler: async (request) => inTenant(request, (tx, ctx) => loadMemberJson(tx, ctx, request.params.id)),
  });

  for (const endpoint of [e.partialUpdate, e.update])
    route(app, endpoint, {
      module,
      tags,
      summary: 'Edit a member',
      description: `${uploadNote} Send \`photo: null\` to remove the photo.`,
      handler: async (request) => {
        const { form, fields } = await readMemberBody(request);
        const changes = parseOrThrow(memberUpdateSchema, fields);
        const orgId = request.organisation!.id;
        const photo = form.files.photo
          ? await saveImage(app.config, organisationFolder(orgId), form.files.photo, 'photo')
          : form.fields.photo === null && 'photo' in form.fields
            ? null
            : undefined;
        try {
          const { before, json } = await inTenant(request, async (tx, ctx) => {
            const { before: b } = await updateMember(tx, ctx, request.params.id, changes, photo);
            return { before: b, json: await loadMemberJson(tx, ctx, request.params.id) };
          });
          if (photo !== undefined && before.photo) await removeUpload(app.config, before.photo);
          return json;
        } catch (err) {
          if (photo) await removeUpload(app.config, photo);
          throw err;
        }
      },
    });

  route(app, e.lookup, {
    // Other modules' screens choose members with it: a trainer assigning a diet or a workout, a CRM user filing a complaint.
    config: { anyModule: MEMBER_CHOOSERS },
    tags,
    summary: 'Members matching a name, phone, code or e-mail, for pickers (id, code, name, phone, photo, status)',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const rows = await matchingMembers(tx, ctx, request.query.search, request.query.limit);
        return {
          results: rows.map((r) => ({
            id: r.id,
            member_code: r.code,
            full_name: `${r.first} ${r.last}`.trim(),
            phone: r.phone,
            photo: photoUrl(r.photo),
            status: r.status,
          })),
        };
      }),
  });

  route(app, e.card, {
    module,
    tags,
    summary: "The member's card (PDF): name, code, photo, plan, end date and the QR code used for check-in",
    handler: async (request, reply) => {
      const card = await inTenant(request, async (tx, ctx) => {
        const m = await loadMember(tx, ctx, request.params.id);
        return { member: (await membersJson(tx, ctx, [m]))[0], photo: m.photo, organisation: ctx.organisation.displayName };
      });
      const pdf = await memberCardPdf(app.config, card);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${card.member.member_code}-card.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });
}
