// The offer to set a deposit limit (issue 19): shown to a player without any limit until he sets
// one or declines it on this device (per player, until logout clears local storage: then it is
// offered once more).
import { useState } from 'react';
import { useProfile } from '@/hooks/use-profile';
import { useProtection } from '@/hooks/use-protection';
import { readJson, writeItem } from '@/lib/storage';

const dismissedPlayers = (): number[] => {
  const stored = readJson<unknown>('limit_offer_dismissed');
  return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
};

export function useLimitOffer() {
  const profile = useProfile();
  const id = profile.data?.id;
  const [dismissed, setDismissed] = useState(() => dismissedPlayers());
  const declined = id === undefined || dismissed.includes(id);
  const protection = useProtection({ enabled: !declined, silent: true });
  const show = !declined && protection.data !== undefined && !protection.data.has_limits;

  const dismiss = () => {
    if (id === undefined) return;
    const next = [...dismissedPlayers().filter((other) => other !== id), id];
    writeItem('limit_offer_dismissed', JSON.stringify(next));
    setDismissed(next);
  };

  return { show, dismiss };
}
