import { afterEach, describe, expect, it, vi } from 'vitest';

const posted: unknown[] = [];
vi.mock('../api', () => ({
  api: (_path: string, init: { body: unknown }) => {
    posted.push(init.body);
    return Promise.resolve(null);
  },
}));

afterEach(() => {
  posted.length = 0;
  sessionStorage.clear();
  vi.resetModules();
});

const events = () => posted.map((b) => (b as { event: string }).event);

describe('trackOnNextPage', () => {
  it('in the full app sends at once', async () => {
    const { trackOnNextPage } = await import('./track');
    trackOnNextPage('Login');
    await vi.waitFor(() => expect(events()).toEqual(['Login']));
  });

  it('on the sign-in entry hands the event to the next page, which sends it once with its time', async () => {
    const signInPage = await import('./track');
    signInPage.handEventsToNextPage();
    signInPage.trackOnNextPage('Login', { method: 'custom_token' });
    // The leaving page neither sends it nor sends it when signed in.
    signInPage.sendHandedOverEvents();
    await new Promise((r) => setTimeout(r, 20));
    expect(posted).toEqual([]);

    vi.resetModules();
    const appPage = await import('./track');
    appPage.sendHandedOverEvents();
    appPage.sendHandedOverEvents();
    await vi.waitFor(() => expect(events()).toEqual(['Login']));
    expect(posted[0]).toMatchObject({ properties: { method: 'custom_token' }, timestamp: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}, /) });
    await new Promise((r) => setTimeout(r, 20));
    expect(posted).toHaveLength(1);
  });
});
