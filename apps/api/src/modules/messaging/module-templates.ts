/**
 * A module's own template paths (`/api/diet/diet-message-template/`,
 * `/api/training-workout/training-workout-message-template/`): the engine's templates of that one
 * module, behind that module's permission — the same rows, rules and checks as Administrator ›
 * Messaging › Templates, filtered and filed by module. A body's `module` is ignored.
 */
import type { ModuleName } from '@arena/contracts/kit';
import { CHANNEL_LABELS, type MessageModule, type moduleTemplateEndpoints } from '@arena/contracts/messaging';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listRoute } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { createTemplate, deleteTemplate, loadTemplate, templateJson, updateTemplate } from './admin.service.js';
import { MODULE_PERMISSION } from './constants.js';
import { templateList } from './messaging.routes.js';
import { messageTemplate } from './schema.js';

type Endpoints = ReturnType<typeof moduleTemplateEndpoints<`/api/${string}/`>>;

/** Serves `endpoints` as the templates of `module` (list with search and filters, dropdown, CRUD), for users with that module. */
export function moduleTemplateRoutes(app: FastifyInstance, endpoints: Endpoints, module: MessageModule): void {
  const permission: ModuleName = MODULE_PERMISSION[module];
  const modules = [module];
  const tags = [`${module}_message_template`];
  const { module: _ignored, ...filters } = templateList.filters ?? {};
  listRoute(app, endpoints.list, {
    module: permission,
    tags,
    summary: `Message templates of ${module} (filters: channel, is_active)`,
    list: {
      ...templateList,
      where: (ctx) => and(eq(messageTemplate.organisationId, ctx.organisationId), eq(messageTemplate.module, module))!,
      filters,
    },
  });
  route(app, endpoints.dropdown, {
    module: permission,
    tags,
    summary: 'Active templates by name, each with its channel',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const rows = await tx
          .select({ id: messageTemplate.id, name: messageTemplate.name, channel: messageTemplate.channel })
          .from(messageTemplate)
          .where(
            and(
              eq(messageTemplate.organisationId, ctx.organisationId),
              eq(messageTemplate.module, module),
              eq(messageTemplate.isActive, true),
            ),
          )
          .orderBy(asc(sql`lower(${messageTemplate.name})`), asc(messageTemplate.id))
          .limit(500);
        return { results: rows.map((r) => ({ id: r.id, name: `${r.name} (${CHANNEL_LABELS[r.channel]})` })) };
      }),
  });
  route(app, endpoints.create, {
    module: permission,
    tags,
    summary: 'Add a template (unknown placeholders are a field error on body)',
    handler: async (request, reply) => {
      const body = { ...request.body, module };
      return reply.status(201).send(await inTenant(request, (tx, ctx) => createTemplate(tx, ctx, body, modules)));
    },
  });
  route(app, endpoints.retrieve, {
    module: permission,
    tags,
    summary: 'One template',
    handler: async (request) => inTenant(request, async (tx, ctx) => templateJson(await loadTemplate(tx, ctx, request.params.id, modules))),
  });
  for (const endpoint of [endpoints.update, endpoints.partialUpdate])
    route(app, endpoint, {
      module: permission,
      tags,
      summary: 'Change a template',
      handler: async (request) => {
        const body = { ...request.body, module };
        return inTenant(request, (tx, ctx) => updateTemplate(tx, ctx, request.params.id, body, modules));
      },
    });
  route(app, endpoints.remove, {
    module: permission,
    tags,
    summary: 'Delete an unused template (one that sent messages: 409, switch it off)',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteTemplate(tx, ctx, request.params.id, modules));
      return reply.status(204).send();
    },
  });
}
