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
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = readText(STORAGE_KEYS.token);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Token ${token}`;
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
    throw new ApiError(
      timedOut ? 'The server took too long to answer. Please try again.' : 'Could not reach the server. Check your connection.',
      0,
      null,
    );
  } finally {
    if (timer) clearTimeout(timer);
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && token) unauthorizedHandler?.();
    throw new ApiError(`Request failed with status ${response.status}`, response.status, data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
