// Renders the console's routes at `path` (a memory router, a fresh query client), as
// signed in with `session` unless it is null. Tests only.
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { ConsoleApp } from '@/console/app/console-app';
import { createConsoleQueryClient } from '@/console/app/query-client';
import { routes } from '@/console/app/routes';
import { sessionClosed, sessionStarted, type SessionView } from '@/console/lib/session';

export function renderConsole(path: string, session: SessionView | null) {
  if (session === null) sessionClosed();
  else sessionStarted(session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = createConsoleQueryClient();
  render(<ConsoleApp router={router} client={client} />);
  return { router, client };
}
