import { QueryClient } from '@tanstack/react-query';

/** The console's TanStack Query client: screens show their own errors, so no retries. */
export const createConsoleQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
