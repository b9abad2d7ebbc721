import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reportError } from './lib/report-error';
import { applyTheme } from './state/theme';
import './index.css';

applyTheme();

// Errors caught by an error boundary are logged once (report-error.ts), not once per listener.
createRoot(document.getElementById('root')!, { onCaughtError: (error) => reportError(error) }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
