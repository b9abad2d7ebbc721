import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { phoneSearchText, type ListQuery } from '@arena/contracts';
import { organisationOrigin } from './config.js';
import { notFound } from './errors.js';

export const DEFAULT_PAGE_SIZE = 20;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * How a list searches: columns matched case-insensitively on a substring, or a function that
 * turns the ILIKE pattern into a condition (a large table's indexed search, see booking).
 */
export type SearchSpec = (AnyColumn | SQL)[] | ((pattern: string) => SQL);

/** `%text%` for ILIKE, with the pattern characters of the text itself escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `search` as a case-insensitive substring match over the given columns. A search that is a phone
 * number as people paste it ("+91 98765 43210", "098765-43210") also matches by its digits
 * (`phoneSearchText`), as phones are kept: "9876543210".
 */
export function searchCondition(search: string | undefined, columns: SearchSpec): SQL | undefined {
  if (!search || (Array.isArray(columns) && !columns.length)) return undefined;
  const phone = phoneSearchText(search);
  const patterns = [containsPattern(search), ...(phone && phone !== search ? [containsPattern(phone)] : [])];
  if (typeof columns === 'function') return or(...patterns.map((pattern) => columns(pattern)));
  return or(...patterns.flatMap((pattern) => columns.map((c) => ilike(c, pattern))));
}

/** Absolute next/previous links built from configuration and the organisation, never from the Host header. */
export function pageLink(request: FastifyRequest, page: number | null): string | null {
  if (page === null) return null;
  const base = organisationOrigin(request.server.config, request.organisation?.subdomain ?? null);
  const url = new URL(request.url, base);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

export interface PageSource<T> {
  count(): Promise<number>;
  rows(limit: number, offset: number): Promise<T[]>;
}

/** DRF page-number pagination: `{count, next, previous, results}`; a page past the end is a 404 as in DRF. */
export async function paginate<T>(
  request: FastifyRequest,
  params: Pick<ListQuery, 'page' | 'page_size'>,
  source: PageSource<T>,
): Promise<Page<T>> {
  const pageSize = params.page_size ?? DEFAULT_PAGE_SIZE;
  const page = params.page ?? 1;
  const offset = (page - 1) * pageSize;
  const results = await source.rows(pageSize, offset);
  // A first page that is not full already tells the count: one statement fewer for most lists.
  const count = offset === 0 && results.length < pageSize ? results.length : await source.count();
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  if (page > lastPage) throw notFound('Invalid page.');
  return {
    count,
    next: pageLink(request, page < lastPage ? page + 1 : null),
    previous: pageLink(request, page > 1 ? page - 1 : null),
    results,
  };
}
