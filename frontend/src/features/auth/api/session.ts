// What happens when the server hands out a session (login and register).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { configKey } from '@/lib/config';
import { profileKey, type User } from '@/hooks/use-profile';
import { startSession } from '@/lib/session';

export type SessionData = { token: string; user: User };

export function useStartSession(): (session: SessionData) => void {
  const queryClient = useQueryClient();
  return useCallback(
    ({ token, user }: SessionData) => {
      startSession(token, user);
      queryClient.setQueryData(profileKey, user);
      // The config is fetched again after login (it may differ for a logged-in player).
      void queryClient.invalidateQueries({ queryKey: configKey });
    },
    [queryClient],
  );
}
