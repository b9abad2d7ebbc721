import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { captureReferralCode } from './lib/referral';
import { reportError } from './lib/report-error';
import { applyTheme } from './state/theme';
import './index.css';

applyTheme();
// `?ref=CODE` on any page of the app (the landing URL is `/?ref=CODE`): kept until registration.
captureReferralCode();

// Errors caught by an error boundary are logged once (report-error.ts), not once per listener.
createRoot(document.getElementById('root')!, { onCaughtError: (error) => reportError(error) }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
