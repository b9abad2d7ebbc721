import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import type { OrganisationRow } from './context.js';
import { ctxOf } from './request-context.js';

const organisation = { id: 7, subdomain: 'demo', timeZone: 'Asia/Kolkata' } as OrganisationRow;
const request = (headers: Record<string, string>, org: OrganisationRow | null = organisation) =>
  ({
    organisation: org,
    auth: { user: { id: 3, email: 'owner@demo.example.com' } },
    headers,
    ip: '10.0.0.1',
    id: 'req-1',
    server: { config: loadConfig({}) },
  }) as unknown as FastifyRequest;

describe('ctxOf', () => {
  it('carries the organisation, the actor and one "now" in the organisation\'s zone, built once per request', () => {
    const r = request({ 'user-agent': 'Chromium' });
    const ctx = ctxOf(r);
    expect(ctx).toMatchObject({ organisationId: 7, timeZone: 'Asia/Kolkata', centreId: null });
    expect(ctx.actor).toMatchObject({
      organisationId: 7,
      actorId: 3,
      actorEmail: 'owner@demo.example.com',
      ip: '10.0.0.1',
      requestId: 'req-1',
    });
    expect(ctx.now.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ctxOf(r)).toBe(ctx);
  });

  it('reads the selected centre from X-Centre, ignoring anything that is not an id', () => {
    expect(ctxOf(request({ 'x-centre': '12' })).centreId).toBe(12);
    for (const bad of ['', '0', '-3', 'all', '1e3', '12; drop']) expect(ctxOf(request({ 'x-centre': bad })).centreId, bad).toBeNull();
  });

  it('is refused on the provider host, which has no organisation', () => {
    expect(() => ctxOf(request({}, null))).toThrow('only available on an organisation host');
  });
});
