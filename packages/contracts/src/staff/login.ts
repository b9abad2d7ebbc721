/**
 * Staff Management › a staff member's login and permissions (issue 21): invite them to Arena with
 * some modules, set the modules and the level within each (view < operate < manage), disable the
 * login. `/api/staff-management/staff/:id/login/` and `…/permissions/`.
 */
import { z } from '../zod-config.js';
import { detailSchema, emailSchema, idParamsSchema, singleLineText } from '../common.js';
import { endpoint } from '../endpoint.js';
import { MODULE_LEVELS, MODULES } from '../modules.js';

const STAFF_ONE = '/api/staff-management/staff/:id/';

const moduleNames = z
  .array(z.enum(MODULES))
  .max(MODULES.length)
  .refine((names) => new Set(names).size === names.length, 'Each module may be named once.');

/** Invite: a new user of the organisation for the staff member, with these modules at `operate`. */
export const staffLoginInputSchema = z.object({
  email: emailSchema,
  modules: moduleNames,
});
export type StaffLoginInput = z.input<typeof staffLoginInputSchema>;

export const moduleGrantSchema = z.object({ name: z.enum(MODULES), level: z.enum(MODULE_LEVELS) });
export type ModuleGrant = z.infer<typeof moduleGrantSchema>;

export const staffPermissionsInputSchema = z.object({
  modules: z
    .array(moduleGrantSchema)
    .max(MODULES.length)
    .refine((grants) => new Set(grants.map((g) => g.name)).size === grants.length, 'Each module may be named once.'),
  role_name: singleLineText(150).nullable().optional(),
});
export type StaffPermissionsInput = z.input<typeof staffPermissionsInputSchema>;

/** none: no login; invited: mailed, no password set yet; active: signs in; disabled: login turned off. */
export const LOGIN_STATES = ['none', 'invited', 'active', 'disabled'] as const;
export type LoginState = (typeof LOGIN_STATES)[number];

export const staffPermissionsSchema = z.object({
  staff: z.number(),
  login_state: z.enum(LOGIN_STATES),
  user: z.number().nullable(),
  email: z.string().nullable(),
  role_name: z.string().nullable(),
  /** The staff member's login is the organisation's owner: every module, not editable. */
  is_owner: z.boolean(),
  last_login: z.string().nullable(),
  modules: z.array(moduleGrantSchema),
  /** The organisation's plan modules, each with one line on what it covers (the page's checkboxes). */
  plan_modules: z.array(z.object({ name: z.enum(MODULES), description: z.string() })),
});
export type StaffPermissions = z.infer<typeof staffPermissionsSchema>;

export const staffLoginEndpoints = {
  /** Invite (or, on a disabled login, enable again and invite again). */
  create: endpoint({
    method: 'POST',
    path: `${STAFF_ONE}login/`,
    params: idParamsSchema,
    body: staffLoginInputSchema,
    response: staffPermissionsSchema,
    status: 201,
  }),
  resend: endpoint({ method: 'POST', path: `${STAFF_ONE}login/resend/`, params: idParamsSchema, response: detailSchema }),
  disable: endpoint({ method: 'DELETE', path: `${STAFF_ONE}login/`, params: idParamsSchema, response: staffPermissionsSchema }),
  permissions: endpoint({ method: 'GET', path: `${STAFF_ONE}permissions/`, params: idParamsSchema, response: staffPermissionsSchema }),
  setPermissions: endpoint({
    method: 'PUT',
    path: `${STAFF_ONE}permissions/`,
    params: idParamsSchema,
    body: staffPermissionsInputSchema,
    response: staffPermissionsSchema,
  }),
};
