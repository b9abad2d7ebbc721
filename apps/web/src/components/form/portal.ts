import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Where a field's popover (calendar, option list) is portalled: into the dialog that holds the
 * field, so it scrolls, takes focus and is dismissed as part of that dialog; else the body.
 */
export function usePortalContainer(anchor: RefObject<HTMLElement | null>): HTMLElement | undefined {
  const [container, setContainer] = useState<HTMLElement | undefined>(undefined);
  useLayoutEffect(() => {
    setContainer(anchor.current?.closest<HTMLElement>('[role="dialog"]') ?? undefined);
  }, [anchor]);
  return container;
}
