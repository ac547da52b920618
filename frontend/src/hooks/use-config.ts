// The app configuration as server state (TanStack Query). It is fetched at start (seeded by the
// boot code) and invalidated after login.
import { useQuery } from '@tanstack/react-query';
import { CONFIG_STALE_MS, configKey, fetchConfig } from '@/lib/config';

export function useConfig() {
  return useQuery({
    queryKey: configKey,
    queryFn: () => fetchConfig(),
    staleTime: CONFIG_STALE_MS,
  });
}
