import { QueryClient } from '@tanstack/react-query';

/** The one TanStack Query client of the app (server state lives here, nowhere else). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already reports every failure; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
