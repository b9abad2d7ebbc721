import { createStore, useStore } from '../lib/store';
import { readJson, readText, STORAGE_KEYS, writeJson, writeText } from '../lib/storage';

/** Spec 3/4: sidebar state; only isPinned is persisted (under sidebarState). */
export interface SidebarState {
  isOpen: boolean;
  isPinned: boolean;
  selectedCentre: string;
  centreOptionRefetch: number;
}

const pinned = readJson<{ isPinned?: boolean }>(STORAGE_KEYS.sidebarState)?.isPinned === true;

export const sidebarStore = createStore<SidebarState>({
  isOpen: pinned,
  isPinned: pinned,
  selectedCentre: readText(STORAGE_KEYS.selectedCentre) ?? '',
  centreOptionRefetch: 0,
});

const savePinned = (isPinned: boolean) => writeJson(STORAGE_KEYS.sidebarState, { isPinned });

export const sidebar = {
  toggle: () => sidebarStore.set((s) => ({ isOpen: !s.isOpen })),
  open: () => sidebarStore.set({ isOpen: true }),
  /** Close does nothing while pinned. */
  close: () => sidebarStore.set((s) => (s.isPinned ? {} : { isOpen: false })),
  pin: () => {
    savePinned(true);
    sidebarStore.set({ isPinned: true, isOpen: true });
  },
  unpin: () => {
    savePinned(false);
    sidebarStore.set({ isPinned: false });
  },
  setSelectedCentre: (value: string) => {
    writeText(STORAGE_KEYS.selectedCentre, value);
    sidebarStore.set({ selectedCentre: value });
  },
  refetchCentreOptions: () => sidebarStore.set((s) => ({ centreOptionRefetch: s.centreOptionRefetch + 1 })),
};

export const useSidebar = <S>(selector: (s: SidebarState) => S): S => useStore(sidebarStore, selector);
