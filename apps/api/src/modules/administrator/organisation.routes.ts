import { organisationCreateSchema, organisationEndpoints as e, organisationUpdateSchema, subdomainSchema } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { readFormBody } from '../../platform/files.js';
import { parseOrThrow } from '../../platform/validate.js';
import { organisationJson, pictureUrl, planName } from '../../platform/organisations.js';
import { ctxOf } from '../../platform/request-context.js';
import { isReadOnly } from '../../platform/subscription-guard.js';
import { createOrganisation, isSubdomainTaken, updateOrganisation } from './organisation.service.js';

const tags = ['administrator'];
const UPLOAD_NOTE = 'JSON, or multipart/form-data with the picture in `display_picture` (PNG, JPEG, GIF or WebP, at most 2 MB).';

export async function organisationRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.create, {
    config: { tenant: false },
    tags,
    summary: 'Register an organisation; the signed-in user becomes its owner',
    description: `Body: \`{display_name, subdomain, display_picture?}\`. ${UPLOAD_NOTE}`,
    handler: async (request, reply) => {
      const form = await readFormBody(request);
      const input = parseOrThrow(organisationCreateSchema, form.fields);
      const org = await createOrganisation(app, request, request.auth!.user, { ...input, picture: form.files.display_picture });
      return reply.status(201).send(organisationJson(app.config, org, await planName(app.db, org)));
    },
  });

  route(app, e.checkSubdomain, {
    config: { auth: 'none', tenant: false },
    tags,
    summary: 'Is a subdomain well-formed and free?',
    handler: async (request) => {
      const subdomain = request.query.subdomain.trim().toLowerCase();
      const valid = subdomainSchema.safeParse(subdomain);
      if (!valid.success) return { subdomain, available: false, detail: valid.error.issues[0].message };
      const taken = await isSubdomainTaken(app.db, subdomain);
      return { subdomain, available: !taken, detail: taken ? 'This subdomain is already taken.' : null };
    },
  });

  route(app, e.retrieve, {
    config: { auth: 'optional' },
    tags,
    summary: "The host's organisation: name and picture for anyone, all details for its users",
    handler: async (request) => {
      const org = ctxOf(request).organisation;
      if (request.auth) return organisationJson(app.config, org, await planName(app.db, org));
      return { display_name: org.displayName, display_picture: pictureUrl(app.config, org), bookings_paused: isReadOnly(org) };
    },
  });

  route(app, e.update, {
    config: { ownerOnly: true, module: 'Administrator Management' },
    tags,
    summary: "Update the organisation's profile (owner only)",
    description: `${UPLOAD_NOTE} Send \`display_picture: null\` to remove the picture.`,
    handler: async (request) => {
      const form = await readFormBody(request);
      const changes = parseOrThrow(organisationUpdateSchema, form.fields);
      const picture = form.files.display_picture ?? (form.fields.display_picture === null ? null : undefined);
      const org = await updateOrganisation(app, request, ctxOf(request).organisation, { ...changes, picture });
      return organisationJson(app.config, org, await planName(app.db, org));
    },
  });

  route(app, e.allowedModules, {
    tags,
    summary: 'Modules the signed-in user may use',
    handler: async (request) => ({
      allowed_modules: await app.allowedModulesOf(request),
      module_levels: await app.moduleLevelsOf(request),
    }),
  });

  route(app, e.refreshAllowedModules, {
    tags,
    summary: 'Recompute the modules the signed-in user may use',
    handler: async (request) => ({
      allowed_modules: await app.allowedModulesOf(request, true),
      module_levels: await app.moduleLevelsOf(request),
    }),
  });
}
