import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RedirectionGuide } from './redirection-guide';
import { GUIDE_SERVERS, guideSteps } from './redirection-snippets';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { HOSTED_URL } from '../../../../test/adstxt/domain-detail.fixture';

const DOMAIN = 'northwind-news.example';

describe('redirection guide', () => {
  it('every server has a snippet containing the exact hosted URL', () => {
    for (const s of GUIDE_SERVERS) {
      const snippets = guideSteps(s, DOMAIN, HOSTED_URL).flatMap((st) => (st.snippet ? [st.snippet] : []));
      expect(
        snippets.some((x) => x.includes(HOSTED_URL)),
        s,
      ).toBe(true);
    }
    const [, apache] = guideSteps('apache', DOMAIN, HOSTED_URL);
    expect(apache?.snippet).toBe(`Redirect 301 /ads.txt ${HOSTED_URL}`);
    const [nginx] = guideSteps('nginx', DOMAIN, HOSTED_URL);
    expect(nginx?.snippet).toBe(`location = /ads.txt { return 301 ${HOSTED_URL}; }`);
    const cloudflare = guideSteps('cloudflare', DOMAIN, HOSTED_URL).map((x) => x.snippet);
    expect(cloudflare).toContain(`(http.host eq "${DOMAIN}" and http.request.uri.path eq "/ads.txt")`);
  });

  it('shows the snippets with the URL in each tab', () => {
    renderWithProviders(<RedirectionGuide domain={DOMAIN} hostedUrl={HOSTED_URL} />);
    expect(screen.getByTestId('guide-apache')).toHaveTextContent(`Redirect 301 /ads.txt ${HOSTED_URL}`);
    fireEvent.click(screen.getByRole('tab', { name: 'Nginx' }));
    expect(screen.getByTestId('guide-nginx')).toHaveTextContent(`location = /ads.txt { return 301 ${HOSTED_URL}; }`);
    fireEvent.click(screen.getByRole('tab', { name: 'WordPress' }));
    expect(screen.getByTestId('guide-wordpress')).toHaveTextContent(HOSTED_URL);
  });
});

describe('the redirection guide of an app developer domain', () => {
  it('redirects /app-ads.txt, never /ads.txt', () => {
    const steps = (['apache', 'nginx', 'cloudflare', 'wordpress'] as const).flatMap((server) =>
      guideSteps(server, DOMAIN, HOSTED_URL, 'app-ads.txt').map((x) => `${x.text} ${x.snippet ?? ''}`),
    );
    // (The hosted address itself is the demo's ads.txt URL.)
    expect(steps.join('\n').replaceAll(HOSTED_URL, '')).not.toMatch(/[^-]ads\.txt/);
    expect(guideSteps('apache', DOMAIN, HOSTED_URL, 'app-ads.txt')[1]?.snippet).toBe(`Redirect 301 /app-ads.txt ${HOSTED_URL}`);
    renderWithProviders(<RedirectionGuide domain={DOMAIN} hostedUrl={HOSTED_URL} file="app-ads.txt" />);
    expect(screen.getByRole('heading', { name: `Redirect ${DOMAIN}/app-ads.txt to the hosted file` })).toBeVisible();
  });
});
