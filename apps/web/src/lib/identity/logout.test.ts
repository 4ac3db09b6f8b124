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
});
