import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toasts } from './app/Toasts';
import { queryClient } from './lib/query-client';
import { reportError } from './lib/report-error';
import OnlineBookingPage from './modules/public/OnlineBookingPage';
import { applyTheme } from './state/theme';
import './index.css';

/**
 * The public online-booking portal's own entry (portal.html, served for /online-booking): a
 * visitor downloads only the portal — no router, no staff screens, no sign-in state.
 */
applyTheme();

const root = createRoot(document.getElementById('root')!, { onCaughtError: (error) => reportError(error) });
// A transition lets React yield to the browser while it renders the first screen: on a slow phone
// no single task blocks input for long (Lighthouse's total blocking time).
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <OnlineBookingPage />
        <Toasts />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
