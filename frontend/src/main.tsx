// Providers and mount. Before the first render: the language (stored choice, else the server's
// default_lang) is active, so the first screen is never drawn in the wrong language.
import '@/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { clearServerState, loadQueryShell, startConfig, startProfile } from '@/app/boot';
import { createAppRouter } from '@/app/router';
import { activateLanguage, loadMessages, storedLanguage } from '@/i18n/i18n';
import { FALLBACK_LANG, isLangCode, type LangCode } from '@/i18n/languages';
import { describeError } from '@/lib/api';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { setLogoutHandler } from '@/lib/session';

const router = createAppRouter();

setLogoutHandler(() => {
  void clearServerState();
  void router.navigate(ROUTES.login, { replace: true });
});

async function boot(): Promise<void> {
  const config = startConfig();
  startProfile(router.state.location.pathname);
  // Fetched now, in parallel with the first page's chunk.
  void loadQueryShell();

  let lang: LangCode | null = storedLanguage();
  // Start fetching the likely texts now, in parallel with the config request.
  void loadMessages(lang ?? FALLBACK_LANG).catch(() => undefined);
  if (lang === null) {
    const answer = await config;
    lang =
      !(answer instanceof Error) && isLangCode(answer.default_lang)
        ? answer.default_lang
        : FALLBACK_LANG;
  }
  try {
    await activateLanguage(lang);
  } catch {
    await activateLanguage(FALLBACK_LANG).catch(() => undefined);
  }

  const root = document.getElementById('root');
  if (root === null) return;
  // A transition lets React yield while it renders the first screen (no long main-thread task).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });

  const answer = await config;
  if (answer instanceof Error) toast(describeError(answer), 'error');
}

void boot();
