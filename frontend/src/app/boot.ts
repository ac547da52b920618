// Start-up work that runs before (and in parallel with) the first render.
//
// TanStack Query is loaded as its own chunk, in parallel with the first page, rather than in the
// first-load bundle (it is 10 kB gzip of a 120 kB budget). The config request therefore starts
// with the plain API client and becomes the config query's first fetch once the query chunk has
// arrived, so pages read it through `useConfig()` without a second request.
import type { ComponentType, ReactNode } from 'react';
import { CONFIG_STALE_MS, configKey, fetchConfig, type AppConfig } from '@/lib/config';
import { fetchProfile, profileKey, type User } from '@/lib/profile';
import { GUEST_ONLY_PATHS, ROUTES } from '@/lib/routes';
import { getToken } from '@/lib/session';

type ShellModule = { default: ComponentType<{ children: ReactNode }> };

let configAtStart: Promise<AppConfig | Error> | null = null;
let shell: Promise<ShellModule> | null = null;
let profileAtStart: Promise<User | Error> | null = null;

/** First screens that show the profile at once: home (also reached from / and the guest-only pages). */
const PROFILE_FIRST_PATHS: ReadonlySet<string> = new Set<string>([
  ROUTES.root,
  ROUTES.home,
  ...GUEST_ONLY_PATHS,
]);

/**
 * With a stored token and a first screen that shows the profile, GET api/personal/index at once,
 * in parallel with the page and query chunks (it would otherwise wait for both). Silent: a failure
 * is left to the profile query, which then asks again and reports it as usual.
 */
export function startProfile(pathname: string): void {
  if (profileAtStart !== null || getToken() === null) return;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!PROFILE_FIRST_PATHS.has(path)) return;
  profileAtStart = fetchProfile({ silent: true }).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
}

/** GET api/index/config once at start. Silent: the language that would word an error may not be loaded yet. */
export function startConfig(): Promise<AppConfig | Error> {
  configAtStart ??= fetchConfig({ silent: true }).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
  return configAtStart;
}

/**
 * The query provider module. The start-up config request is handed to the query cache as the
 * config query's first fetch, so `useConfig()` shares it instead of asking again.
 */
export function loadQueryShell(): Promise<ShellModule> {
  shell ??= Promise.all([import('@/app/query-shell'), import('@/app/query-client')]).then(
    ([module, { queryClient }]) => {
      void queryClient.prefetchQuery({
        queryKey: configKey,
        staleTime: CONFIG_STALE_MS,
        queryFn: async () => {
          const config = await startConfig();
          if (config instanceof Error) throw config;
          return config;
        },
      });
      const profile = profileAtStart;
      if (profile !== null && getToken() !== null) {
        // The start-up request becomes the profile query's first fetch; if it failed, the query
        // fetches again (reporting the failure) as it would have without it.
        void queryClient.prefetchQuery({
          queryKey: profileKey,
          queryFn: async () => {
            const user = await profile;
            return user instanceof Error ? fetchProfile() : user;
          },
        });
      }
      return module;
    },
  );
  return shell;
}

/** Clears all server state (on logout), loading the query client if it is not there yet. */
export async function clearServerState(): Promise<void> {
  const { queryClient } = await import('@/app/query-client');
  queryClient.clear();
}
