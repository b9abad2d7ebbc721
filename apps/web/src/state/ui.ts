import { createStore, useStore } from '../lib/store';

/** The page-loading flag of spec 2.4: while set, the full-screen loading bar is shown. */
export const uiStore = createStore({ pageLoading: false });
export const setPageLoading = (pageLoading: boolean) => uiStore.set({ pageLoading });
export const usePageLoading = () => useStore(uiStore, (s) => s.pageLoading);
