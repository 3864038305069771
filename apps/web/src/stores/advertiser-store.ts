import { useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';

/**
 * The advertiser account this browser acts on (docs/product/teams.md, Which account a request
 * acts on): chosen in the header's switcher, kept per browser, and sent with every API call.
 * Null until one is chosen: the server then acts on the user's first account.
 */
const ADVERTISER_KEY = 'advertiserId';

function readPersisted(): number | null {
  const value = Number(storage.get(ADVERTISER_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

let current = readPersisted();
const listeners = new Set<() => void>();

export const advertiserStore = {
  get: (): number | null => current,

  set(advertiserId: number | null): void {
    if (advertiserId === current) return;
    current = advertiserId;
    storage.set(ADVERTISER_KEY, advertiserId === null ? null : String(advertiserId));
    for (const listener of listeners) listener();
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useChosenAdvertiser(): number | null {
  return useSyncExternalStore(advertiserStore.subscribe, advertiserStore.get, advertiserStore.get);
}
