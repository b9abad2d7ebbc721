import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import { ApiError, badRequest, fieldError } from './errors.js';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** Image kinds recognised by their first bytes, never by the name or the declared type. */
function imageExtension(data: Buffer): string | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 6 && (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a'))
    return 'gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/** A document kept private (a bill, an invoice, an ID proof): PDF or image, by its first bytes, and the type it is served as. */
export const DOCUMENT_TYPES = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type DocumentKind = keyof typeof DOCUMENT_TYPES;

/** What a document is by its magic bytes: PDF, PNG, JPEG or WebP; null for anything else. */
export function documentKind(data: Buffer): DocumentKind | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const image = imageExtension(data);
  return image === 'png' || image === 'jpg' || image === 'webp' ? image : null;
}

/** The name shown for an uploaded file: its base name on one line, at most 200 characters (`fallback` when none). */
export function documentName(filename: string, fallback: string): string {
  const base = path
    .basename(filename.replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  return (base || fallback).slice(0, 200);
}

/** DATA_DIR/uploads: every uploaded file, served at /uploads/ (see uploads.ts for who may fetch what). */
export function uploadsRoot(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'uploads');
}

/** DATA_DIR/private: files that only API routes serve, after their own checks (never /uploads/). */
export function privateRoot(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'private');
}

/**
 * The private store (an expense's bill, a centre's seal): a file kept under
 * `private/org-{id}/{folder}/{random}.{ext}`, read back only for its own organisation (a path of
 * another organisation's, or one that leaves the root, reads as missing).
 */
export const privateFiles = {
  /** Writes the bytes under the organisation's folder; returns the path relative to the private root. */
  async save(config: Pick<Config, 'DATA_DIR'>, organisationId: number, folder: string, ext: string, data: Buffer): Promise<string> {
    const relative = path.posix.join(organisationFolder(organisationId), folder, `${randomBytes(16).toString('hex')}.${ext}`);
    const target = path.join(privateRoot(config), relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, data, { flag: 'wx' });
    return relative;
  },
  /** The bytes of an organisation's stored file; null when it is gone or not the organisation's. */
  async read(config: Pick<Config, 'DATA_DIR'>, organisationId: number, relative: string | null): Promise<Buffer | null> {
    const target = relative ? resolvePrivate(config, organisationId, relative) : null;
    if (!target) return null;
    try {
      return await fs.readFile(target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  },
  /** Deletes a stored file (a replaced one, or one whose change was not made); a missing file is fine. */
  async remove(config: Pick<Config, 'DATA_DIR'>, organisationId: number, relative: string | null): Promise<void> {
    const target = relative ? resolvePrivate(config, organisationId, relative) : null;
    if (!target) return;
    await fs.unlink(target).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  },
};

/** The absolute path of an organisation's private file, or null for a path outside its folder. */
function resolvePrivate(config: Pick<Config, 'DATA_DIR'>, organisationId: number, relative: string): string | null {
  if (organisationOfUpload(relative) !== organisationId) return null;
  const root = path.resolve(privateRoot(config));
  const target = path.resolve(root, relative);
  return target.startsWith(root + path.sep) ? target : null;
}

/**
 * The folder of an organisation's uploads, `org-{id}`: the path alone tells whose a file is, so
 * it is served on that organisation's host (and the provider host) and nowhere else.
 */
export function organisationFolder(organisationId: number): string {
  return `org-${organisationId}`;
}

/** The organisation id of an upload path under `org-{id}/`, or null for a path outside every organisation's folder. */
export function organisationOfUpload(relative: string): number | null {
  const match = /^org-(\d{1,15})\//.exec(relative);
  return match ? Number(match[1]) : null;
}

/** Refuses anything but a PNG, JPEG, GIF or WebP of at most 2 MB with a field error; returns its extension. */
export function checkImage(file: UploadedFile, field: string): string {
  if (file.data.length > MAX_IMAGE_BYTES) throw fieldError(field, 'The image must be at most 2 MB.');
  const ext = imageExtension(file.data);
  if (!ext) throw fieldError(field, 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.');
  return ext;
}

/** Stores an image under DATA_DIR/uploads/{folder}; returns its path relative to /uploads/. */
export async function saveImage(config: Config, folder: string, file: UploadedFile, field: string): Promise<string> {
  const ext = checkImage(file, field);
  const relative = path.posix.join(folder, `${randomBytes(12).toString('hex')}.${ext}`);
  const target = path.join(uploadsRoot(config), relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, file.data);
  return relative;
}

/**
 * Deletes a stored upload by its path relative to /uploads/. A path that would leave the
 * uploads folder is ignored, as is a file that is already gone; other failures are thrown.
 */
export async function removeUpload(config: Pick<Config, 'DATA_DIR'>, relative: string | null | undefined): Promise<boolean> {
  if (!relative) return false;
  const root = path.resolve(uploadsRoot(config));
  const target = path.resolve(root, relative);
  if (!target.startsWith(root + path.sep)) return false;
  try {
    await fs.unlink(target);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

export interface FormBody {
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

export interface FormBodyOptions {
  /** The largest file accepted, in bytes; by default MAX_IMAGE_BYTES (the app's multipart limit). */
  maxFileBytes?: number;
  /** The field error for a file over that size; by default "The image must be at most 2 MB.". */
  tooLarge?: string;
}

/**
 * Reads a JSON or multipart/form-data body into plain fields and files, for endpoints that
 * accept an upload. Multipart text fields arrive as strings; `null`/empty mean "no value".
 * A larger file than the images' 2 MB (a bill of 5 MB) needs `options`.
 */
export async function readFormBody(request: FastifyRequest, options: FormBodyOptions = {}): Promise<FormBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
      throw badRequest({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
    return { fields: (body as Record<string, unknown>) ?? {}, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  const tooLarge = options.tooLarge ?? 'The image must be at most 2 MB.';
  let fileField: string | null = null;
  try {
    const parts = options.maxFileBytes ? request.parts({ limits: { fileSize: options.maxFileBytes } }) : request.parts();
    for await (const part of parts) {
      if (part.type === 'file') {
        fileField = part.fieldname;
        const data = await part.toBuffer();
        if (part.file.truncated) throw fieldError(part.fieldname, tooLarge);
        if (data.length) files[part.fieldname] = { filename: part.filename, data };
      } else {
        fields[part.fieldname] = part.value === 'null' || part.value === '' ? null : part.value;
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE')
      throw options.tooLarge && fileField ? fieldError(fileField, tooLarge) : badRequest({ non_field_errors: [tooLarge] });
    if (e.statusCode && e.statusCode < 500) throw badRequest('Malformed multipart body.');
    throw err;
  }
  return { fields, files };
}
