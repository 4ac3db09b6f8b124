import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useIssuedKeyActions } from './use-issued-key-actions';

vi.mock('../../lib/toast', () => ({ addToast: vi.fn() }));
const { addToast } = await import('../../lib/toast');

const Schema = z.object({ name: z.string().min(1, 'Give the key a name.') });
const KEY = { id: 'k1', name: 'Ad server EU' };

function setup(name: string, calls: { create?: () => Promise<{ key: typeof KEY; secret: string }>; revoke?: () => Promise<unknown> } = {}) {
  const reload = vi.fn(async () => undefined);
  const onCreated = vi.fn();
  const create = vi.fn(calls.create ?? (async () => ({ key: KEY, secret: 'pcf_secret' })));
  const revoke = vi.fn(calls.revoke ?? (async () => undefined));
  const hook = renderHook(() =>
    useIssuedKeyActions({
      parse: () => Schema.safeParse({ name }),
      create,
      revoke,
      revokedText: (k) => `revoked ${k.name}`,
      reload,
      onCreated,
    }),
  );
  return { hook, reload, onCreated, create, revoke };
}

describe('useIssuedKeyActions', () => {
  it('puts a schema failure under the name field and sends nothing', async () => {
    const { hook, create } = setup('');
    await act(() => hook.result.current.create());
    expect(hook.result.current.nameError).toBe('Give the key a name.');
    expect(create).not.toHaveBeenCalled();
  });

  it('keeps the new secret, clears the form and reloads; revoking that key takes the secret off the screen', async () => {
    const { hook, reload, onCreated, revoke } = setup('Ad server EU');
    await act(() => hook.result.current.create());
    expect(hook.result.current.created).toEqual({ key: KEY, secret: 'pcf_secret' });
    expect(onCreated).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();

    act(() => hook.result.current.setRevoking(KEY));
    await act(() => hook.result.current.revoke());
    expect(revoke).toHaveBeenCalledWith(KEY);
    expect(addToast).toHaveBeenCalledWith('success', 'revoked Ad server EU');
    expect(hook.result.current.created).toBeNull();
    expect(hook.result.current.revoking).toBeNull();
    expect(hook.result.current.busy).toBe(false);
  });

  it('says why a create failed and is ready again', async () => {
    const { hook, onCreated } = setup('Ad server EU', {
      create: async () => {
        throw new Error('At most 10 active keys.');
      },
    });
    await act(() => hook.result.current.create());
    expect(addToast).toHaveBeenCalledWith('error', expect.stringContaining('At most 10 active keys.'));
    expect(hook.result.current.created).toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
    expect(hook.result.current.busy).toBe(false);
  });
});
