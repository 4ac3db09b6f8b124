import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDomainClaim, AppDomainClaimCheck } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { AppDomainClaims } from './app-domain-claims';

const token = '0123456789abcdef0123456789abcdef';
const claim: AppDomainClaim = {
  domain_id: 'a1',
  domain: 'apps.shared.example',
  status: 'pending',
  token,
  dnsRecord: `partners-center-verification=${token}`,
  fileLine: `# partners-center-verification=${token}`,
  note: null,
  requestedAt: '2026-11-01T10:00:00.000Z',
  checkedAt: null,
};
const miss: AppDomainClaimCheck = {
  status: 'pending',
  method: null,
  note: 'The token was not found yet: add it, then verify again.',
  checks: [
    { method: 'hosted_file', ok: false, detail: '/app-ads.txt was not found; /ads.txt does not contain the token.' },
    { method: 'dns_txt', ok: false, detail: 'apps.shared.example has no TXT records.' },
  ],
};

describe('app domain claims', () => {
  afterEach(() => vi.clearAllMocks());

  it('shows a pending claim with its token, both ways to prove it, and what "Verify now" found', async () => {
    const client = vi.fn(async (path: string) => (path === '/api/adstxt/app-domains/claims' ? [claim] : miss));
    configureApi(client as unknown as ApiClient);
    renderWithProviders(<AppDomainClaims publisherId="1002" />);
    expect(await screen.findByText('Waiting for proof')).toBeInTheDocument();
    expect(screen.getByText(`# partners-center-verification=${token}`)).toBeInTheDocument();
    expect(screen.getByText(`partners-center-verification=${token}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(await screen.findByText('DNS: apps.shared.example has no TXT records.')).toBeInTheDocument();
    expect(client).toHaveBeenCalledWith('/api/adstxt/app-domains/a1/verify', { method: 'POST', publisherId: '1002', responseType: 'json' });
  });

  it('shows nothing when no claim waits, and no "Verify now" for a rejected claim', async () => {
    const client = vi.fn(async () => [{ ...claim, status: 'rejected', note: 'The domain is the site of another partner.' }]);
    configureApi(client as unknown as ApiClient);
    renderWithProviders(<AppDomainClaims publisherId="1002" />);
    expect(await screen.findByText('Rejected by staff')).toBeInTheDocument();
    expect(screen.getByText('The domain is the site of another partner.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify now' })).toBeNull();
  });
});
