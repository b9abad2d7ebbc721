import { idSchema, z } from '@arena/contracts';
import { SALARY_TYPES, staffEndpoints as e, STAFF_STATUSES, type Staff } from '@arena/contracts/staff';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { REVOCATION_GRACE_MS, settleInvalidations } from '../../platform/db/client.js';
import { route } from '../../platform/route.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { staff, staffCategory } from './schema.js';
import {
  createStaff,
  deleteStaff,
  loadStaff,
  staffChoices,
  staffFields,
  staffFrom,
  staffJson,
  updateStaff,
  type StaffJoin,
} from './staff.service.js';

const tags = ['staff'];
const SALARY_LABELS: Record<(typeof SALARY_TYPES)[number], string> = { monthly: 'Monthly', hourly: 'Hourly', per_session: 'Per session' };

const staffList: ListDefinition<StaffJoin, Staff> = {
  from: staffFrom,
  fields: staffFields,
  where: (ctx) => eq(staff.organisationId, ctx.organisationId),
  search: [staff.firstName, staff.lastName, sql`${staff.firstName} || ' ' || ${staff.lastName}`, staff.phone, staff.staffCode, staff.email],
  filters: {
    category: { schema: idSchema, where: (v: number) => eq(staff.categoryId, v), label: 'Category', show: showName(staffCategory) },
    centre: {
      schema: idSchema,
      where: (v: number) =>
        sql`exists (select 1 from staff_centre sc where sc.organisation_id = ${staff.organisationId} and sc.staff_id = ${staff.id} and sc.centre_id = ${v})`,
      label: 'Center',
      show: showName(centre),
    },
    status: {
      schema: z.enum(STAFF_STATUSES),
      where: (v: (typeof STAFF_STATUSES)[number]) => eq(staff.status, v),
      label: 'Status',
      show: (v: string) => (v === 'active' ? 'Active' : 'Inactive'),
    },
    salary_type: {
      schema: z.enum(SALARY_TYPES),
      where: (v: (typeof SALARY_TYPES)[number]) => eq(staff.salaryType, v),
      label: 'Salary type',
      show: (v: (typeof SALARY_TYPES)[number]) => SALARY_LABELS[v],
    },
  },
  ordering: {
    id: staff.id,
    staff_code: staff.staffCode,
    first_name: staff.firstName,
    joining_date: staff.joiningDate,
    base_pay: staff.basePay,
    created_at: staff.createdAt,
  },
  defaultOrdering: [asc(staff.staffCode)],
  tiebreak: staff.id,
  map: (_tx, _ctx, rows) => rows.map(staffJson),
  export: {
    filename: 'staff',
    title: 'Staff',
    columns: [
      { header: 'Code', value: (s) => s.staff_code },
      { header: 'Name', value: (s) => s.full_name },
      { header: 'Phone', value: (s) => s.phone },
      { header: 'Email', value: (s) => s.email },
      { header: 'Category', value: (s) => s.category_name },
      { header: 'Centers', value: (s) => s.centre_names.join(', ') },
      { header: 'Joining date', value: (s) => s.joining_date, type: 'date' },
      { header: 'Salary type', value: (s) => SALARY_LABELS[s.salary_type] },
      { header: 'Base pay', value: (s) => s.base_pay, type: 'money' },
      { header: 'Commission %', value: (s) => s.commission_percent, type: 'number' },
      { header: 'Status', value: (s) => (s.status === 'active' ? 'Active' : 'Inactive') },
      { header: 'Created', value: (s) => s.created_at, type: 'datetime' },
    ],
  },
};

/** Staff Management › Staff: `staff/` (list, export, dropdown, create, retrieve, update, delete). */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const module = MODULE;
  listRoute(app, e.list, {
    module,
    tags,
    summary: 'Staff (search: name, phone, code, email; filters: category, centre, status, salary_type)',
    list: staffList,
  });

  route(app, e.dropdown, {
    // The staff picker of other modules' forms (trainer, coach, sold by): any of these modules reads it.
    config: { anyModule: [MODULE, 'Membership Management', 'Booking Management', 'CRM Management'] },
    tags,
    summary: 'Active staff for selects ("Asha Rao (STF-0003)")',
    handler: async (request) => inTenant(request, async (tx, ctx) => ({ results: await staffChoices(tx, ctx) })),
  });

  route(app, e.create, {
    module,
    tags,
    summary: 'Add a staff member (code STF-0001, consecutive)',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createStaff(tx, ctx, request.body))),
  });

  route(app, e.retrieve, {
    module,
    tags,
    summary: 'A staff member',
    handler: async (request) => inTenant(request, (tx, ctx) => loadStaff(tx, ctx, request.params.id)),
  });

  for (const [endpoint, summary] of [
    [e.update, 'Replace a staff member'],
    [e.partialUpdate, 'Update part of a staff member'],
  ] as const)
    route(app, endpoint, {
      module,
      tags,
      summary,
      handler: async (request) => {
        const updated = await inTenant(request, (tx, ctx) => updateStaff(tx, ctx, request.params.id, request.body));
        // Marked inactive: their login was disabled; answer once every instance's caches know.
        if (request.body.status === 'inactive') await settleInvalidations(app.db, { graceMs: REVOCATION_GRACE_MS });
        return updated;
      },
    });

  route(app, e.remove, {
    module,
    tags,
    summary: 'Delete a staff member no other record names (else mark them inactive)',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteStaff(tx, ctx, request.params.id));
      return reply.status(204).send(null);
    },
  });
}
