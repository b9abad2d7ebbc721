import { useEffect } from 'react';
import { composeTitle, titleStore } from '../lib/document-title';
import { useStore } from '../lib/store';
import { useAuth } from '../state/auth';

/** Keeps the browser tab's title in step with the route, the screen and the organisation's name. */
export function DocumentTitle() {
  const route = useStore(titleStore, (s) => s.route);
  const screen = useStore(titleStore, (s) => s.screen);
  const organisation = useAuth((s) => s.organisation?.display_name);
  useEffect(() => {
    document.title = composeTitle({ route, screen }, organisation);
  }, [route, screen, organisation]);
  return null;
}
