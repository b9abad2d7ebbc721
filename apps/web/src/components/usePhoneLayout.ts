import { useSyncExternalStore } from 'react';

const query = '(max-width: 639px)';
const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** True below Tailwind's `sm` (640 px), where lists turn into cards. */
export const usePhoneLayout = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
