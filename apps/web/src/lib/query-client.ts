import { QueryClient } from '@tanstack/react-query';

/** Spec 7/9: reads are fresh for 5 minutes, kept 10, retried once, not refetched on focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60 * 1000, gcTime: 10 * 60 * 1000, retry: 1, refetchOnWindowFocus: false },
  },
});
