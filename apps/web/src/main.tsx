import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartupError } from '@/app/startup-error';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { configureAmplify } from '@/lib/amplify';
import { startErrorReporting } from '@/lib/error-reporting';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element.');
}
const root = createRoot(container);

// The deployment's URLs and user pool come from /config.json, so nothing renders before it.
try {
  const config = await loadRuntimeConfig();
  configureAmplify(config);
  // Before the app, so its first errors are reported too (nothing without a DSN).
  await startErrorReporting(config);
  // Imported only now: creating the router starts the first navigation, whose session check
  // needs Amplify configured.
  const { App } = await import('@/app/app');
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  console.error(error);
  root.render(<StartupError />);
}
