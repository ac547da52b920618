// The player's protection settings (api/protection/index): read by the protection page and by the
// wallet's offer to set a deposit limit. The protection mutations replace this query's data.
import { useQuery } from '@tanstack/react-query';
import { useToken } from '@/hooks/use-session';
import { fetchProtection, protectionKey } from '@/lib/protection';

export function useProtection({
  enabled = true,
  silent = false,
}: { enabled?: boolean; silent?: boolean } = {}) {
  const token = useToken();
  return useQuery({
    queryKey: protectionKey,
    queryFn: () => fetchProtection({ silent }),
    enabled: enabled && token !== null,
    staleTime: 0,
  });
}
