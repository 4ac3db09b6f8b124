import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CheckResult } from '@pc/contracts';
import { CheckResultPanel } from './check-result-panel';
import { renderWithProviders } from '../../../../test/render-with-providers';

const timings = { dnsMs: 3, connectMs: 5, tlsMs: 12, firstByteMs: 40, totalMs: 61 };
const result = (over: Partial<CheckResult>): CheckResult => ({
  at: '2026-11-20T08:00:00.000Z',
  ok: true,
  httpStatus: 200,
  timings,
  certExpiresAt: null,
  keywordFound: null,
  error: null,
  finalUrl: 'https://www.example.test/',
  ...over,
});

describe('a check result', () => {
  it('names the address that answered', () => {
    renderWithProviders(<CheckResultPanel title="Test now" result={result({})} />);
    expect(screen.getByText('Answered by https://www.example.test/')).toBeVisible();
  });

  it('says an address was only tried when nothing answered', () => {
    renderWithProviders(
      <CheckResultPanel title="Test now" result={result({ ok: false, httpStatus: null, error: 'the connection timed out' })} />,
    );
    expect(screen.getByText('Tried https://www.example.test/')).toBeVisible();
    expect(screen.queryByText(/Answered by/)).toBeNull();
  });
});
