/**
 * Uploaded files at /uploads/: an organisation's files are served on its own host and on the
 * provider host, and answer 404 on every other organisation's host.
 *
 * Files saved since the `org-{id}/` folders carry their organisation in the path. Older uploads
 * (`organisations/…`) do not: they keep working on the provider host, and on an organisation's
 * host only when they are that organisation's display picture.
 */
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { OrganisationRow } from './context.js';
import { organisationOfUpload, uploadsRoot } from './files.js';

export const UPLOADS_PREFIX = '/uploads/';

/** The address a stored upload is served at ("org-3/ab12.png" → "/uploads/org-3/ab12.png"); null for none. */
export const uploadUrl = (stored: string | null) => (stored ? `${UPLOADS_PREFIX}${stored}` : null);

/**
 * The stored path a request asks for ("org-3/ab12.png"), decoded; null when it is not under
 * /uploads/ or has empty, `.` or `..` segments, backslashes or NULs (no way round the check).
 */
export function uploadPathOf(url: string): string | null {
  const pathOnly = url.split('?')[0];
  if (!pathOnly.startsWith(UPLOADS_PREFIX)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathOnly.slice(UPLOADS_PREFIX.length));
  } catch {
    return null;
  }
  const segments = decoded.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) return null;
  return segments.join('/');
}

/**
 * Whether a host may serve a stored upload. `host` is the organisation of the request's host
 * (null on the provider host, 'unknown' for a host that names no active organisation).
 */
export function mayServeUpload(host: OrganisationRow | null | 'unknown', relative: string): boolean {
  if (host === 'unknown') return false;
  if (host === null) return true;
  const owner = organisationOfUpload(relative);
  if (owner !== null) return owner === host.id;
  return host.displayPicture === relative;
}

/** Serves DATA_DIR/uploads at /uploads/ with the host check of `mayServeUpload`. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const root = uploadsRoot(app.config);
  fs.mkdirSync(root, { recursive: true });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const relative = uploadPathOf(request.url);
      if (relative === null || !mayServeUpload(await app.organisations.resolve(request.headers.host), relative))
        return reply.status(404).send({ detail: 'Not found.' });
    });
    await scope.register(fastifyStatic, { root, prefix: UPLOADS_PREFIX, decorateReply: false, index: false });
  });
}
