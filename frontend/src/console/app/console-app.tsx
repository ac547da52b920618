import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type createHashRouter } from 'react-router';
import { onSessionEnd } from '@/console/lib/session';

type Router = ReturnType<typeof createHashRouter>;

/** The console: its routes and its query cache, which a session's end empties. */
export function ConsoleApp({ router, client }: { router: Router; client: QueryClient }) {
  useEffect(() => onSessionEnd(() => client.clear()), [client]);
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
