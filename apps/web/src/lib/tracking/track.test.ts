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

describe('track', () => {
  it('signed out, tells /mp the page the event comes from (the server takes signed-out events only from those pages)', async () => {
    window.history.replaceState(null, '', '/login');
    const { track } = await import('./track');
    track('Help Center', { from: 'help_menu' });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ event: 'Help Center', scope: null, properties: { page: '/login', from: 'help_menu' } });
  });

  it("signed in, sends the session's scope and the properties as given", async () => {
    window.history.replaceState(null, '', '/adstxt');
    const { setTrackingScope, track } = await import('./track');
    setTrackingScope({ type: 'external_single', publisherId: '1002' });
    track('Ads.txt View', { publisher_id: '1002' });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ scope: { type: 'external_single', mediaOwnerId: '1002' }, properties: { publisher_id: '1002' } });
    expect((posted[0] as { properties: object }).properties).not.toHaveProperty('page');
  });

  it('the analytics reset after sign-out goes as the signed-out page it lands on, without the ended scope', async () => {
    const { resetAnalytics, setTrackingScope } = await import('./track');
    setTrackingScope({ type: 'internal', adminAccess: true });
    window.history.replaceState(null, '', '/login');
    resetAnalytics();
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ event: 'Analytics Reset', scope: null, properties: { page: '/login' } });
  });
});
