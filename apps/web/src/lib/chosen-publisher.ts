import { useSyncExternalStore } from 'react';
import { StorageKeys, readString, removeKey, writeString } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The chosen publisher id, persisted so a reload keeps the partner scope (docs/product.md#routes). */
export function getChosenPublisherId(): string | null {
  return readString(StorageKeys.publisherId);
}

export function setChosenPublisherId(id: string | null): void {
  if (id === getChosenPublisherId()) return;
  if (id === null) removeKey(StorageKeys.publisherId);
  else writeString(StorageKeys.publisherId, id);
  listeners.forEach((l) => l());
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab switching partner changes the stored id; follow it so requests stay consistent.
  const onStorage = (e: StorageEvent) => {
    if (e.key === StorageKeys.publisherId) listener();
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
