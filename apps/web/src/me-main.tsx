import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onUnauthorized, setMemberKeySource } from './lib/api';
import { queryClient } from './lib/query-client';
import { reportError } from './lib/report-error';
import { MeApp } from './modules/end-user/me/MeApp';
import { readMemberKey, signedOut } from './modules/end-user/me/session';
import { registerServiceWorker } from './modules/end-user/me/sw-register';
import './index.css';

/**
 * The members' own app (me.html, served for /me on the organisation's host): its own bundle, with
 * none of the staff app. `/api/me/` calls carry the member key; a 401 from them signs out.
 */
setMemberKeySource(readMemberKey);
onUnauthorized(() => {
  signedOut();
  queryClient.clear();
});
registerServiceWorker();

const root = createRoot(document.getElementById('root')!, { onCaughtError: (error) => reportError(error) });
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MeApp />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
