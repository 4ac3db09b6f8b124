import { useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { addToast } from '../../lib/toast';

interface KeyLike {
  id: string;
  name: string;
}

interface Options<K extends KeyLike, I> {
  /** The contract schema's safeParse of the form; a failure's message for `name` goes under the field. */
  parse: () => { success: true; data: I } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  create: (input: I) => Promise<{ key: K; secret: string }>;
  revoke: (key: K) => Promise<unknown>;
  /** The toast after a revoke, saying what stops working. */
  revokedText: (key: K) => string;
  /** Reloads the list (the SWR mutate). */
  reload: () => Promise<unknown>;
  /** After a key was created (e.g. clear the name field). */
  onCreated?: () => void;
}

/**
 * Create and revoke for keys shown once (reporting API keys, blocking feed keys): one request at a
 * time, the secret kept only until the page is left, errors as toasts, and a revoked key's secret
 * taken off the screen. The two cards differ only in their schema, calls and words.
 */
export function useIssuedKeyActions<K extends KeyLike, I>(o: Options<K, I>) {
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<{ key: K; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<K | null>(null);

  const create = async () => {
    const parsed = o.parse();
    if (!parsed.success) {
      setNameError(parsed.error.issues.find((i) => i.path[0] === 'name')?.message);
      return;
    }
    setBusy(true);
    setNameError(undefined);
    try {
      setCreated(await o.create(parsed.data));
      o.onCreated?.();
      await o.reload();
    } catch (e) {
      addToast('error', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await o.revoke(revoking);
      addToast('success', o.revokedText(revoking));
      if (created?.key.id === revoking.id) setCreated(null);
      await o.reload();
    } catch (e) {
      addToast('error', errorMessage(e));
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  return { busy, nameError, created, revoking, setRevoking, create, revoke };
}
