import { createStore, useStore } from '../lib/store';

/**
 * The page-loading flag of spec 2.4: while set, the full-screen loading bar is shown.
 * Several pieces of work may hold it at once (a centre save, a logout, a lazy screen loading);
 * the flag stays set until the last of them ends, and the bar names the most recent one.
 */
export const uiStore = createStore({ pageLoading: false, pageLoadingLabel: 'Loading' });

const holders: { id: number; label: string }[] = [];
let nextHolder = 1;

function publish() {
  const last = holders[holders.length - 1];
  uiStore.set({ pageLoading: holders.length > 0, pageLoadingLabel: last?.label ?? 'Loading' });
}

/** Set the flag for one piece of work; the returned function (safe to call twice) releases it. */
export function beginPageLoading(label = 'Loading'): () => void {
  const id = nextHolder++;
  holders.push({ id, label });
  publish();
  return () => {
    const index = holders.findIndex((h) => h.id === id);
    if (index === -1) return;
    holders.splice(index, 1);
    publish();
  };
}

export const usePageLoading = () => useStore(uiStore, (s) => s.pageLoading);
export const usePageLoadingLabel = () => useStore(uiStore, (s) => s.pageLoadingLabel);
