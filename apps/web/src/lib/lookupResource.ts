/**
 * A lookup resource of the API (`registerCrud` on the server: sports, payment modes, categories,
 * vendors, plans …), as the web uses it: its list key, the page fetcher of its DataTable, its path
 * (the export's too) and its create/update/delete mutations. A module's api.ts declares one line
 * per resource; `LookupListPage` takes it whole.
 */
import type { CrudEndpoints } from '@arena/contracts/kit';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { ListParams } from '../components/DataTable';
import { call, type FileSource, type Paginated } from './api';

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
  /** Where the list's export comes from (the list endpoint). */
  exportFrom: FileSource;
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

/** The calls of a lookup, from its contract (`crudEndpoints`). */
const writesOf = <T, I>(source: CrudEndpoints) => ({
  list: (params: ListParams) => call(source.list, { query: params }) as Promise<Paginated<T>>,
  create: (input: I) => call(source.create, { body: input as never }) as Promise<T>,
  update: (id: number, input: Partial<I>) => call(source.partialUpdate, { params: { id }, body: input as never }) as Promise<T>,
  remove: (id: number) => call(source.remove, { params: { id } }),
});

/**
 * The create/update/delete hooks of the resource: POST, PATCH …/{id}/, DELETE …/{id}/ of its
 * contract; each success refreshes `queryKey` (and `invalidates`).
 */
export function lookupMutations<T, I>(source: CrudEndpoints, queryKey: readonly unknown[], options: LookupOptions = {}) {
  const keys = [queryKey, ...(options.invalidates ?? [])];
  const calls = writesOf<T, I>(source);
  return function useLookupMutations(): LookupMutations<T, I> {
    const queryClient = useQueryClient();
    const settled = async () => {
      await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: key })));
      options.afterWrite?.();
    };
    const create = useMutation({ mutationFn: calls.create, onSuccess: settled });
    const update = useMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<I> }) => calls.update(id, input),
      onSuccess: settled,
    });
    const remove = useMutation({ mutationFn: calls.remove, onSuccess: settled });
    return { create, update, remove };
  };
}

/** One lookup resource: `lookupResource<Sport, SportInput>(sportEndpoints, sportKeys.all)`. */
export function lookupResource<T, I>(
  source: CrudEndpoints,
  queryKey: readonly unknown[],
  options: LookupOptions = {},
): LookupResource<T, I> {
  return {
    exportFrom: { endpoint: source.list },
    queryKey,
    fetchPage: writesOf<T, I>(source).list,
    useMutations: lookupMutations<T, I>(source, queryKey, options),
  };
}
