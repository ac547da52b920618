import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { REALITY_CHECK_DUE, realitySessionKey } from '@/lib/protection';

/** The one TanStack Query client of the app (server state lives here, nowhere else). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already reports every failure; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
  mutationCache: new MutationCache({
    // A bet refused until the reality check is acknowledged: ask for the session at once, so
    // the app shell's dialog opens over whichever game refused it.
    onError: (error) => {
      if (error instanceof ApiError && error.key === REALITY_CHECK_DUE)
        void queryClient.invalidateQueries({ queryKey: realitySessionKey });
    },
  }),
});
