// The operator console (/admin/): its texts before the first render, then the session of the
// cookie, if any. Its own bundle: nothing of the player app's screens or texts is in it.
import '@/styles/global.css';
import '@/console/styles/console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { loadSession } from '@/console/api/session';
import { ConsoleApp } from '@/console/app/console-app';
import { createConsoleQueryClient } from '@/console/app/query-client';
import { routes } from '@/console/app/routes';
import { activateLanguage, initialLanguage } from '@/console/i18n/i18n';

async function boot(): Promise<void> {
  await activateLanguage(initialLanguage()).catch(() => activateLanguage('en'));
  void loadSession();
  const root = document.getElementById('root');
  if (root === null) return;
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp router={createHashRouter(routes)} client={createConsoleQueryClient()} />
    </StrictMode>,
  );
}

void boot();
