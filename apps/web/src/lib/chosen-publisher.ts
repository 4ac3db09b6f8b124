import { useSyncExternalStore } from 'react';
import { StorageKeys, readString, removeKey, writeString } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/** A tab in a partner view (lib/viewing-as.ts) keeps its choice to itself; the other tabs share one. */
const inPartnerView = (): boolean => readString(StorageKeys.viewingAs, sessionStorage) !== null;
const store = (): Storage => (inPartnerView() ? sessionStorage : localStorage);

/** The chosen publisher id, persisted so a reload keeps the partner scope (docs/product.md#routes). */
export function getChosenPublisherId(): string | null {
  return readString(StorageKeys.publisherId, store());
}

export function setChosenPublisherId(id: string | null): void {
  if (id === getChosenPublisherId()) return;
  if (id === null) removeKey(StorageKeys.publisherId, store());
  else writeString(StorageKeys.publisherId, id, store());
  listeners.forEach((l) => l());
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab switching partner changes the stored id; follow it so requests stay consistent.
  const onStorage = (e: StorageEvent) => {
    if (e.key === StorageKeys.publisherId && !inPartnerView()) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useChosenPublisherId(): string | null {
  return useSyncExternalStore(subscribe, getChosenPublisherId, () => null);
}
