/**
 * A lookup resource of the API (`registerCrud` on the server: sports, payment modes, categories,
 * vendors, plans …), as the web uses it: its list key, the page fetcher of its DataTable, its path
 * (the export's too) and its create/update/delete mutations. A module's api.ts declares one line
 * per resource; `LookupListPage` takes it whole.
 */
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { ListParams } from '../components/DataTable';
import { api, type Paginated } from './api';

export interface LookupMutations<T, I> {
  create: UseMutationResult<T, Error, I>;
  update: UseMutationResult<T, Error, { id: number; input: Partial<I> }>;
  remove: UseMutationResult<void, Error, number>;
}

/** What a list page needs of the mutations (method syntax: a page's form may send a narrower input). */
export interface LookupWrites<I> {
  create: { mutateAsync(input: I): Promise<unknown> };
  update: { mutateAsync(vars: { id: number; input: Partial<I> }): Promise<unknown> };
  remove: { mutateAsync(id: number): Promise<unknown> };
}

export interface LookupResource<T, I> {
  /** The list's API path with its trailing slash ('/administrator/sport/'): list, export, writes. */
  path: string;
  /** The list's query key; every write refreshes every query under it. */
  queryKey: readonly unknown[];
  fetchPage: (params: ListParams) => Promise<Paginated<T>>;
  useMutations: () => LookupWrites<I>;
}

export interface LookupOptions {
  /** Other queries a write refreshes besides `queryKey` (a lookup kept under another key). */
  invalidates?: readonly (readonly unknown[])[];
  /** Runs after every successful write, once the queries are refreshed (e.g. the sidebar's centres). */
  afterWrite?: () => void;
}

/**
 * The create/update/delete hooks of the resource at `path` ('/administrator/sport/'): POST path,
 * PATCH path{id}/, DELETE path{id}/; each success refreshes `queryKey` (and `invalidates`).
 */
export function lookupMutations<T, I>(path: string, queryKey: readonly unknown[], options: LookupOptions = {}) {
  const keys = [queryKey, ...(options.invalidates ?? [])];
  return function useLookupMutations(): LookupMutations<T, I> {
    const queryClient = useQueryClient();
    const settled = async () => {
      await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: key })));
      options.afterWrite?.();
    };
    const create = useMutation({ mutationFn: (input: I) => api.post<T>(path, input), onSuccess: settled });
    const update = useMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<I> }) => api.patch<T>(`${path}${id}/`, input),
      onSuccess: settled,
    });
    const remove = useMutation({ mutationFn: (id: number) => api.delete<void>(`${path}${id}/`), onSuccess: settled });
    return { create, update, remove };
  };
}

/** One lookup resource: `lookupResource<Sport, SportInput>('/administrator/sport/', sportKeys.all)`. */
export function lookupResource<T, I>(path: string, queryKey: readonly unknown[], options: LookupOptions = {}): LookupResource<T, I> {
  return {
    path,
    queryKey,
    fetchPage: (params) => api.get<Paginated<T>>(path, { params }),
    useMutations: lookupMutations<T, I>(path, queryKey, options),
  };
}
