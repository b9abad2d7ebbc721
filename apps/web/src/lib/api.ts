import type { BodyOf, EndpointSpec, ParamNames, QueryOf, ResponseOf } from '@arena/contracts/kit';
// Not the kit: its schemas would bring zod to every page; the path helper is zod-free.
import { fillPath } from '@arena/contracts/path';
import { readText, STORAGE_KEYS } from './storage';

/** A failed call: `data` is the server's DRF-shaped body ({detail} or {field: [msg]}) when there is one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  params?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Milliseconds; the spec sets 10 s for verify, reset, payment and the centre save. */
  timeout?: number;
  signal?: AbortSignal;
}

export const SPEC_TIMEOUT = 10_000;

let unauthorizedHandler: (() => void) | null = null;
/** Called when a call made with a stored key answers 401 (the app signs out and goes to /login). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, params?: RequestOptions['params']): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

/**
 * Where the key comes from. The staff app (and the portal) send the staff `token`; the members' app
 * (me.html) calls `setMemberKeySource()` once at start, and from then on `/api/me/` calls carry the member
 * key (`m_…`, kept under its own name by the member app) and no call carries the staff token.
 */
let memberKey: (() => string | null) | null = null;
export function setMemberKeySource(read: () => string | null): void {
  memberKey = read;
}

function authHeaders(accept: string, path: string): { token: string | null; headers: Record<string, string> } {
  const headers: Record<string, string> = { Accept: accept };
  if (memberKey) {
    const key = path.startsWith('/api/me/') ? memberKey() : null;
    if (key) headers.Authorization = `Token ${key}`;
    return { token: key, headers };
  }
  const token = readText(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Token ${token}`;
  // The sidebar's centre: the server's ctx.centreId (empty = all centres).
  const centre = readText(STORAGE_KEYS.selectedCentre);
  if (centre && /^\d+$/.test(centre)) headers['X-Centre'] = centre;
  return { token, headers };
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failed(response: Response, token: string | null, data: unknown): ApiError {
  if (response.status === 401 && token) unauthorizedHandler?.();
  return new ApiError(`Request failed with status ${response.status}`, response.status, data);
}

const UNREACHABLE = 'Could not reach the server. Check your connection.';

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { token, headers } = authHeaders('application/json', path);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const controller = new AbortController();
  const timer = options.timeout ? setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), options.timeout) : null;
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), { method, headers, body, signal: controller.signal });
  } catch {
    const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
    throw new ApiError(timedOut ? 'The server took too long to answer. Please try again.' : UNREACHABLE, 0, null);
  } finally {
    if (timer) clearTimeout(timer);
  }

  const data = parseBody(await response.text());
  if (!response.ok) throw failed(response, token, data);
  return data as T;
}

/** The name in `attachment; filename="x.csv"` (or RFC 5987's `filename*=UTF-8''x.csv`). */
function attachmentName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/** A file GET from the API: its bytes, and the name its `Content-Disposition` gives (null without one). */
export interface FetchedFile {
  blob: Blob;
  name: string | null;
}

/**
 * What a call of `endpoint` takes: its path parameters (required when the path has any), its query,
 * its body (required when it has one; `FormData` for an upload), a timeout and an abort signal.
 */
export type CallArgs<E extends EndpointSpec> = ([ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<E['path']>, string | number> }) &
  (E['body'] extends object ? { body: BodyOf<E> | FormData } : { body?: undefined }) & {
    query?: QueryOf<E>;
    timeout?: number;
    signal?: AbortSignal;
  };
type ArgsOf<E extends EndpointSpec> = object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

const urlOf = <E extends EndpointSpec>(endpoint: E, args?: CallArgs<E>) =>
  fillPath(endpoint.path, (args?.params ?? {}) as Record<string, string | number>);

/**
 * Calls an endpoint of the contracts (`packages/contracts/src/<module>/endpoints.ts`): the only way
 * the web talks to the API, so the path, the body and the answer's type come from one declaration.
 *
 *   const member = await call(memberEndpoints.retrieve, { params: { id } });
 */
export function call<E extends EndpointSpec>(endpoint: E, ...[args]: ArgsOf<E>): Promise<ResponseOf<E>> {
  return request<ResponseOf<E>>(endpoint.method, urlOf(endpoint, args), {
    params: args?.query as RequestOptions['params'],
    body: args?.body,
    timeout: args?.timeout,
    signal: args?.signal,
  });
}

/**
 * GETs a file (an export, a PDF) with the session's headers: the API authenticates with the
 * `Authorization: Token` header, not a cookie, so a plain link or `window.open` of the URL would be
 * refused. A failure throws ApiError like the JSON calls.
 */
export async function fetchFile<E extends EndpointSpec>(endpoint: E, args: CallArgs<E> | undefined, accept = '*/*'): Promise<FetchedFile> {
  const url = urlOf(endpoint, args);
  const { token, headers } = authHeaders(accept, url);
  let response: Response;
  try {
    response = await fetch(buildUrl(url, args?.query as RequestOptions['params']), { headers });
  } catch {
    throw new ApiError(UNREACHABLE, 0, null);
  }
  if (!response.ok) throw failed(response, token, parseBody(await response.text()));
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError('The download was interrupted. Please try again.', 0, null);
  }
  return { blob, name: attachmentName(response.headers.get('Content-Disposition')) };
}

/** Saves `blob` as a file called `name`, as the browser's download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: the browser may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GETs a file the server builds (a list's or a report's export: `query.format`) and saves it under
 * the server's file name, or `fallbackName`; returns the name used. A failure throws ApiError.
 */
export async function download<E extends EndpointSpec>(endpoint: E, args: CallArgs<E> | undefined, fallbackName: string): Promise<string> {
  const file = await fetchFile(endpoint, args);
  const name = file.name ?? fallbackName;
  saveBlob(file.blob, name);
  return name;
}

/** Where a list's or a report's file comes from: its endpoint, path parameters and fixed query (the screen's). */
export interface FileSource {
  endpoint: EndpointSpec;
  params?: Record<string, string | number>;
  query?: RequestOptions['params'];
}

/**
 * Downloads a list's or report's file with the screen's query (`format` among it). A parameter the
 * screen leaves out (`search: undefined`) keeps the source's fixed value.
 */
export const downloadFrom = (source: FileSource, query: RequestOptions['params'], fallbackName: string) =>
  download(
    source.endpoint,
    {
      params: source.params,
      query: { ...source.query, ...Object.fromEntries(Object.entries(query ?? {}).filter(([, v]) => v !== undefined)) },
    } as never,
    fallbackName,
  );

/** A list page, typed from the contracts' `paginatedSchema` (a type-only import: no zod in the bundle). */
export type { Paginated } from '@arena/contracts/kit';
