import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from './logout';
import type { IdentityClient } from './identity-client';

describe('logout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('removes the spec keys and this user’s own keys, then resets analytics 300 ms later', async () => {
    for (const k of ['jwt', 'userScope', 'pc_publisher_id', 'pc_reports_awaited', 'pc_reports_received']) localStorage.setItem(k, 'x');
    const resetAnalytics = vi.fn();
    const navigate = vi.fn();
    await logout({
      client: { signOut: async () => undefined } as unknown as IdentityClient,
      auth: { markIntentionalLogout: vi.fn() },
      clearSession: vi.fn(),
      navigate,
      resetAnalytics,
    });
    expect(navigate).toHaveBeenCalledWith('/login');
    for (const k of ['jwt', 'userScope', 'pc_publisher_id', 'pc_reports_awaited', 'pc_reports_received']) {
      expect(localStorage.getItem(k)).toBeNull();
    }
    vi.advanceTimersByTime(299);
    expect(resetAnalytics).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(resetAnalytics).toHaveBeenCalledTimes(1);
  });

  it('in a partner view only ends the view: the admin’s shared keys and other tabs stay signed in', async () => {
    for (const k of ['jwt', 'userScope', 'pc_publisher_id']) localStorage.setItem(k, 'admin');
    const exit = vi.fn(async () => undefined);
    const signOut = vi.fn(async () => undefined);
    const navigate = vi.fn();
    await logout({
      client: { signOut } as unknown as IdentityClient,
      auth: { markIntentionalLogout: vi.fn() },
      clearSession: vi.fn(),
      navigate,
      resetAnalytics: vi.fn(),
      partnerView: { active: () => true, exit },
    });
    expect(exit).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('user_logout')).toBeNull();
    for (const k of ['jwt', 'userScope', 'pc_publisher_id']) expect(localStorage.getItem(k)).toBe('admin');
  });
});
