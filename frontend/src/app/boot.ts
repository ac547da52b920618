// Start-up work that runs before (and in parallel with) the first render.
//
// TanStack Query is loaded as its own chunk, in parallel with the first page, rather than in the
// first-load bundle (it is 10 kB gzip of a 120 kB budget). The config request therefore starts
// with the plain API client and becomes the config query's first fetch once the query chunk has
// arrived, so pages read it through `useConfig()` without a second request.
import type { ComponentType, ReactNode } from 'react';
import { CONFIG_STALE_MS, configKey, fetchConfig, type AppConfig } from '@/lib/config';

type ShellModule = { default: ComponentType<{ children: ReactNode }> };

let configAtStart: Promise<AppConfig | Error> | null = null;
let shell: Promise<ShellModule> | null = null;

/** GET api/index/config once at start. Silent: the language that would word an error may not be loaded yet. */
export function startConfig(): Promise<AppConfig | Error> {
  configAtStart ??= fetchConfig({ silent: true }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  return configAtStart;
}

/**
 * The query provider module. The start-up config request is handed to the query cache as the
 * config query's first fetch, so `useConfig()` shares it instead of asking again.
 */
export function loadQueryShell(): Promise<ShellModule> {
  shell ??= Promise.all([import('@/app/query-shell'), import('@/app/query-client')]).then(([module, { queryClient }]) => {
    void queryClient.prefetchQuery({
      queryKey: configKey,
      staleTime: CONFIG_STALE_MS,
      queryFn: async () => {
        const config = await startConfig();
        if (config instanceof Error) throw config;
        return config;
      },
    });
    return module;
  });
  return shell;
}

/** Clears all server state (on logout), loading the query client if it is not there yet. */
export async function clearServerState(): Promise<void> {
  const { queryClient } = await import('@/app/query-client');
  queryClient.clear();
}
