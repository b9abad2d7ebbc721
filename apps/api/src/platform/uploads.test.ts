import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrganisationRow } from './context.js';
import { organisationFolder, organisationOfUpload, removeUpload } from './files.js';
import { mayServeUpload, uploadPathOf } from './uploads.js';

const org = (id: number, displayPicture: string | null = null) => ({ id, displayPicture }) as OrganisationRow;

describe('upload paths', () => {
  it('names an organisation folder and reads the organisation back from a path', () => {
    expect(organisationFolder(12)).toBe('org-12');
    expect(organisationOfUpload('org-12/ab.png')).toBe(12);
    expect(organisationOfUpload('organisations/ab.png')).toBeNull();
    expect(organisationOfUpload('org-12')).toBeNull();
  });

  it('reads the stored path of a request and refuses ways around the check', () => {
    expect(uploadPathOf('/uploads/org-1/a.png?v=2')).toBe('org-1/a.png');
    expect(uploadPathOf('/uploads/org-1%2Fa.png')).toBe('org-1/a.png');
    expect(uploadPathOf('/uploads/org-2/../org-1/a.png')).toBeNull();
    expect(uploadPathOf('/uploads/org-2/%2e%2e/org-1/a.png')).toBeNull();
    expect(uploadPathOf('/uploads//org-1/a.png')).toBeNull();
    expect(uploadPathOf('/uploads/org-2\\..\\org-1/a.png')).toBeNull();
    expect(uploadPathOf('/uploads/%E0%A4%A')).toBeNull();
    expect(uploadPathOf('/api/x')).toBeNull();
  });
});

describe('who may fetch an upload', () => {
  it("serves an organisation's folder on its own host and the provider host only", () => {
    expect(mayServeUpload(org(1), 'org-1/a.png')).toBe(true);
    expect(mayServeUpload(null, 'org-1/a.png')).toBe(true);
    expect(mayServeUpload(org(2), 'org-1/a.png')).toBe(false);
    expect(mayServeUpload('unknown', 'org-1/a.png')).toBe(false);
  });

  it('serves older uploads on the provider host, and on an organisation host only as its own picture', () => {
    expect(mayServeUpload(null, 'organisations/old.png')).toBe(true);
    expect(mayServeUpload(org(1, 'organisations/old.png'), 'organisations/old.png')).toBe(true);
    expect(mayServeUpload(org(2, 'organisations/other.png'), 'organisations/old.png')).toBe(false);
    expect(mayServeUpload(org(2), 'organisations/old.png')).toBe(false);
  });
});

describe('removeUpload', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-uploads-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('deletes a stored file and never anything outside the uploads folder', async () => {
    const file = path.join(dataDir, 'uploads', 'org-1', 'a.png');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'x');
    const outside = path.join(dataDir, 'keep.txt');
    fs.writeFileSync(outside, 'x');
    expect(await removeUpload({ DATA_DIR: dataDir }, 'org-1/a.png')).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(await removeUpload({ DATA_DIR: dataDir }, 'org-1/a.png')).toBe(false); // already gone
    expect(await removeUpload({ DATA_DIR: dataDir }, '../keep.txt')).toBe(false);
    expect(await removeUpload({ DATA_DIR: dataDir }, null)).toBe(false);
    expect(fs.existsSync(outside)).toBe(true);
  });
});
