// The player's chosen location (pages/system/choose-location), kept in local storage until logout
// (which clears all but the language). Registration takes its dialling code and phone pattern;
// the deposit page preselects its currency and country.
import { useSyncExternalStore } from 'react';
import type { AppConfig, Location } from '@/lib/config';
import { readItem, writeItem } from '@/lib/storage';

const listeners = new Set<() => void>();

export function chosenLocationCode(): string | null {
  return readItem('location');
}

export function chooseLocation(code: string): void {
  writeItem('location', code);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The configured location the player chose, or null (none chosen, or no longer offered). */
export function findLocation(config: AppConfig, code: string | null): Location | null {
  return config.locations.find((location) => location.code === code) ?? null;
}

/** The chosen location's code; re-renders when the player chooses another. */
export function useChosenLocationCode(): string | null {
  return useSyncExternalStore(subscribe, chosenLocationCode, () => null);
}
