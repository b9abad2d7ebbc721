import { z } from '../zod-config.js';
import { endpoint } from '../endpoint.js';

export const searchHitSchema = z.object({ kind: z.string(), id: z.number(), title: z.string(), subtitle: z.string(), path: z.string() });
export type SearchHit = z.infer<typeof searchHitSchema>;

/** The top bar's search across the modules the user may use. */
export const searchEndpoint = endpoint({
  method: 'GET',
  path: '/api/search/',
  query: z.object({ q: z.string().trim().min(2, 'Type at least 2 characters.').max(100) }),
  response: z.object({ results: z.array(searchHitSchema) }),
});

/** A probe's 503: why this instance should not take traffic. */
export const probeDownSchema = z.object({ status: z.string(), detail: z.string() });
/** Liveness and readiness probes (no key, no organisation); each answers 503 with `probeDownSchema` when down. */
export const healthEndpoint = endpoint({ method: 'GET', path: '/api/health', response: z.object({ status: z.literal('ok') }) });
export const readyEndpoint = endpoint({
  method: 'GET',
  path: '/api/ready',
  response: z.object({ status: z.literal('ready'), jobs: z.string() }),
});
