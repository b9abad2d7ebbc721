import {
  allowedModulesSchema,
  organisationCreateSchema,
  organisationPublicSchema,
  organisationSchema,
  organisationUpdateSchema,
  subdomainAvailabilitySchema,
  subdomainSchema,
  z,
} from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readFormBody } from '../../platform/files.js';
import { parseOrThrow } from '../../platform/validate.js';
import { organisationJson, pictureUrl, planName } from '../../platform/organisations.js';
import { ctxOf } from '../../platform/request-context.js';
import { createOrganisation, isSubdomainTaken, updateOrganisation } from './organisation.service.js';

const tags = ['administrator'];
const UPLOAD_NOTE = 'JSON, or multipart/form-data with the picture in `display_picture` (PNG, JPEG, GIF or WebP, at most 2 MB).';

export async function organisationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/administrator/organisation/', {
    config: { tenant: false },
    schema: {
      tags,
      summary: 'Register an organisation; the signed-in user becomes its owner',
      description: `Body: \`{display_name, subdomain, display_picture?}\`. ${UPLOAD_NOTE}`,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 201: organisationSchema },
    },
    handler: async (request, reply) => {
      const form = await readFormBody(request);
      const input = parseOrThrow(organisationCreateSchema, form.fields);
      const org = await createOrganisation(app, request, request.auth!.user, { ...input, picture: form.files.display_picture });
      return reply.status(201).send(organisationJson(app.config, org, await planName(app.db, org)));
    },
  });

  r.get('/api/administrator/organisation/check-subdomain/', {
    config: { auth: 'none', tenant: false },
    schema: {
      tags,
      summary: 'Is a subdomain well-formed and free?',
      querystring: z.object({ subdomain: z.string().max(100) }),
      response: { 200: subdomainAvailabilitySchema },
    },
    handler: async (request) => {
      const subdomain = request.query.subdomain.trim().toLowerCase();
      const valid = subdomainSchema.safeParse(subdomain);
      if (!valid.success) return { subdomain, available: false, detail: valid.error.issues[0].message };
      const taken = await isSubdomainTaken(app.db, subdomain);
      return { subdomain, available: !taken, detail: taken ? 'This subdomain is already taken.' : null };
    },
  });

  r.get('/api/administrator/organisation/', {
    config: { auth: 'optional' },
    schema: {
      tags,
      summary: "The host's organisation: name and picture for anyone, all details for its users",
      response: { 200: z.union([organisationSchema, organisationPublicSchema]) },
    },
    handler: async (request) => {
      const org = ctxOf(request).organisation;
      if (request.auth) return organisationJson(app.config, org, await planName(app.db, org));
      return { display_name: org.displayName, display_picture: pictureUrl(app.config, org) };
    },
  });

  r.patch('/api/administrator/organisation/', {
    config: { ownerOnly: true, module: 'Administrator Management' },
    schema: {
      tags,
      summary: "Update the organisation's profile (owner only)",
      description: `${UPLOAD_NOTE} Send \`display_picture: null\` to remove the picture.`,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: organisationSchema },
    },
    handler: async (request) => {
      const form = await readFormBody(request);
      const changes = parseOrThrow(organisationUpdateSchema, form.fields);
      const picture = form.files.display_picture ?? (form.fields.display_picture === null ? null : undefined);
      const org = await updateOrganisation(app, request, ctxOf(request).organisation, { ...changes, picture });
      return organisationJson(app.config, org, await planName(app.db, org));
    },
  });

  r.get('/api/administrator/organisation/allowed-modules/', {
    schema: { tags, summary: 'Modules the signed-in user may use', response: { 200: allowedModulesSchema } },
    handler: async (request) => ({ allowed_modules: await app.allowedModulesOf(request) }),
  });

  r.post('/api/administrator/organisation/allowed-modules/refresh/', {
    schema: { tags, summary: 'Recompute the modules the signed-in user may use', response: { 200: allowedModulesSchema } },
    handler: async (request) => ({ allowed_modules: await app.allowedModulesOf(request, true) }),
  });
}
