import { staffPhotoEndpoints as e } from '@arena/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { organisationFolder, readFormBody, removeUpload, saveImage } from '../../platform/files.js';
import { badRequest } from '../../platform/errors.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { MODULE } from './constants.js';
import { setStaffPhoto } from './staff.service.js';

const tags = ['staff'];

/** A staff member's photo: upload (multipart) and remove. The old file goes once the change has committed. */
export async function staffPhotoRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.upload, {
    module: MODULE,
    tags,
    summary: "Replace a staff member's photo (multipart/form-data, `photo`: PNG, JPEG, GIF or WebP, at most 2 MB)",
    handler: async (request) => {
      const form = await readFormBody(request);
      const file = form.files.photo;
      if (!file) throw badRequest({ photo: ['Choose a photo to upload.'] });
      const saved = await saveImage(app.config, organisationFolder(request.organisation!.id), file, 'photo');
      try {
        const { staff, replaced } = await inTenant(request, (tx, ctx) => setStaffPhoto(tx, ctx, request.params.id, saved));
        await removeUpload(app.config, replaced);
        return staff;
      } catch (err) {
        await removeUpload(app.config, saved);
        throw err;
      }
    },
  });

  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: "Remove a staff member's photo",
    handler: async (request) => {
      const { staff, replaced } = await inTenant(request, (tx, ctx) => setStaffPhoto(tx, ctx, request.params.id, null));
      await removeUpload(app.config, replaced);
      return staff;
    },
  });
}
