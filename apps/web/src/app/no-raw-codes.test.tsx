import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { BlockingRuleHistoryEntry, IncidentDetail, Payment } from '@pc/contracts';
import { renderWithProviders } from '../../test/render-with-providers';
import { PaymentsTable } from '../features/payments/components/payments-table';
import { IncidentsTable } from '../features/incidents/components/incidents-table';
import { RulesTable } from '../features/blocking-rules/components/rules-table';
import { RuleHistory } from '../features/blocking-rules/components/rule-history';
import { ImpactCard } from '../features/blocking-rules/components/impact-card';
import { ruleFixture } from '../../test/blocking-rules/rule.fixture';

/**
 * "No raw codes reach a user": the pages most at risk (payments, incidents, blocking rules and
 * their history) are rendered with data full of codes, and the text a reader sees must hold none
 * of them. What counts as raw: ISO days, months and timestamps, locale dates with no zone
 * (11/20/2026), IAB category codes, and camelCase or snake_case keys (missingLines, on_hold).
 */
const RAW: [string, RegExp][] = [
  ['an ISO timestamp', /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
  ['an ISO day or month', /\b\d{4}-\d{2}(-\d{2})?\b/],
  ['a locale date', /\b\d{1,2}\/\d{1,2}\/\d{4}\b/],
  ['an IAB code', /\bIAB\d+(-\d+)?\b/],
  ['a camelCase key', /\b[a-z]+[A-Z][A-Za-z]*\b/],
  ['a snake_case code', /\b[a-z]+_[a-z_]+\b/],
];

/** The text a reader sees or hears, each text node apart (textContent would run "changed" and "No" together). */
function visibleText(root: HTMLElement): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) parts.push(n.textContent ?? '');
  // What a screen reader says for a control is read too ("Statement PDF Aug 2026").
  for (const el of root.querySelectorAll('[aria-label]')) parts.push(el.getAttribute('aria-label') ?? '');
  return parts.join(' ');
}

function expectNoRawCodes(root: HTMLElement = document.body) {
  const text = visibleText(root);
  for (const [what, pattern] of RAW) expect(text.match(pattern)?.[0], `${what} on the page`).toBeUndefined();
}

const incidentState: { data?: IncidentDetail; error?: Error; isLoading: boolean; mutate: () => void } = {
  isLoading: false,
  mutate: () => {},
};
vi.mock('../features/incidents/api/incidents-api', () => ({ useIncident: () => incidentState, changeIncident: vi.fn() }));
const historyState: { data?: BlockingRuleHistoryEntry[]; error?: Error; isLoading: boolean } = { isLoading: false };
vi.mock('../features/blocking-rules/api/blocking-rules-api', () => ({ useRuleHistory: () => historyState }));

const IAB: Record<string, string> = { 'IAB7-39': 'Gambling', 'IAB8-5': 'Cocktails/Beer', '1': 'Automotive' };
const iabName = (id: string) => IAB[id] ?? id;

describe('no page shows an ISO or raw code where a formatted value belongs', () => {
  it('payments: periods, paid days, amounts and statuses', () => {
    const payment = (over: Partial<Payment>): Payment => ({
      id: 'pay-1',
      publisherId: '1002',
      publisherName: 'Contoso Media',
      period: '2026-08',
      currency: 'EUR',
      revenue: 12500.5,
      rolloverIn: 0,
      adjustments: 0,
      adjustmentLines: 0,
      amount: 12500.5,
      rolloverOut: 0,
      threshold: 100,
      status: 'paid',
      holdReason: null,
      approvedAt: '2026-09-02T10:00:00.000Z',
      paidAt: '2026-09-15',
      method: 'SEPA transfer',
      reference: 'PC-202608-1002',
      ...over,
    });
    renderWithProviders(
      <PaymentsTable
        publisherId="1002"
        payments={[
          payment({}),
          payment({ id: 'pay-2', period: '2026-09', status: 'on_hold', holdReason: 'Traffic under review.', paidAt: null }),
        ]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Payments' })).toHaveTextContent('Aug 2026');
    expect(screen.getByRole('table', { name: 'Payments' })).toHaveTextContent('Sep 15, 2026');
    expect(screen.getByRole('table', { name: 'Payments' })).toHaveTextContent('€12,500.50');
    expectNoRawCodes();
  });

  it('incidents: the timeline in sentences, every moment with its day, time and zone', () => {
    incidentState.data = {
      id: 'i1',
      publisherId: '1001',
      siteId: '5001',
      siteName: 'Northwind News',
      scopeLabel: 'Northwind News',
      status: 'open',
      type: 'adstxt',
      severity: 'medium',
      category: 'Ads.txt',
      title: 'Ads.txt lines missing',
      new: false,
      lastOccurrence: 1_764_000_000,
      firstOccurrence: 1_763_000_000,
      occurrences: 3,
      acknowledgedBy: 'ops@northwind.example',
      acknowledgedAt: '2026-11-20T08:00:00.000Z',
      resolvedBy: null,
      resolvedAt: null,
      events: [
        {
          kind: 'occurrence',
          at: '2026-11-24T16:00:00.000Z',
          actor: null,
          note: null,
          detail: {
            domain: 'sport.example',
            status: 'missing_lines',
            missingLines: 2,
            at: '2026-11-24T16:00:00.000Z',
            certExpiresAt: '2026-12-24T12:00:00.000Z',
            httpStatus: 200,
          },
        },
        { kind: 'acknowledged', at: '2026-11-20T08:00:00.000Z', actor: 'ops@northwind.example', note: 'Looking into it', detail: null },
      ],
    };
    const { lastOccurrence, firstOccurrence, ...rest } = incidentState.data;
    renderWithProviders(
      <IncidentsTable
        publisherId="1001"
        incidents={[{ ...rest, lastOccurrence, firstOccurrence }]}
        expanded="i1"
        onToggle={vi.fn()}
        onChanged={vi.fn()}
      />,
    );
    const timeline = screen.getByRole('region', { name: 'Timeline of Ads.txt lines missing' });
    expect(timeline).toHaveTextContent('2 required lines missing');
    expect(timeline).toHaveTextContent('Status: missing lines');
    expectNoRawCodes();
  });

  it('blocking rules: IAB categories by name, days and moments formatted, statuses in words', () => {
    renderWithProviders(
      <RulesTable
        rules={[
          ruleFixture({ id: 'a', name: 'No gambling', type: 'iab_category', values: ['IAB7-39', 'IAB8-5'], expiresAt: '2027-01-05' }),
          ruleFixture({ id: 'b', name: 'Competitors', type: 'brand', values: ['Globex'], status: 'paused', siteIds: ['5001'] }),
        ]}
        siteName={() => 'Northwind News'}
        iabName={iabName}
        onPause={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    const row = screen.getByRole('row', { name: /No gambling/ });
    expect(row).toHaveTextContent('Gambling, Cocktails/Beer');
    expect(row).toHaveTextContent('Jan 5, 2027');
    expect(row).toHaveTextContent('Active');
    expectNoRawCodes(screen.getByRole('table', { name: 'Blocking rules' }));
  });

  it("blocking rules: a rule's history names its categories and fields", () => {
    historyState.data = [
      {
        action: 'update',
        at: '2026-11-21T09:30:00.000Z',
        actor: 'owner@example.test',
        changes: {
          values: { added: ['1'], removed: ['IAB7-39'] },
          siteIds: { from: null, to: ['5001'] },
          expiresAt: { from: null, to: '2027-01-05' },
        },
      },
      { action: 'create', at: '2026-11-20T10:00:00.000Z', actor: 'owner@example.test', changes: { values: ['IAB7-39', 'IAB8-5'] } },
    ];
    renderWithProviders(<RuleHistory publisherId="1001" ruleId="r1" valueText={iabName} />);
    const history = screen.getByRole('region', { name: 'Rule history' });
    expect(history).toHaveTextContent('added Automotive; removed Gambling; sites changed; expiry date changed');
    expect(history).toHaveTextContent('values: Gambling, Cocktails/Beer');
    expectNoRawCodes(history);
  });

  it('blocking rules: the impact preview', () => {
    renderWithProviders(
      <ImpactCard
        type="iab_category"
        preview={{
          dateFrom: '2026-10-22',
          dateTo: '2026-11-20',
          currency: 'USD',
          priced: true,
          reason: null,
          totalRevenue: 85.2,
          totalImpressions: 10000,
          removedRevenue: 60,
          removedImpressions: 6000,
          revenueShare: 0.6,
          impressionShare: 0.6,
          coverage: 0.85,
          sites: [
            { siteId: '5001', siteName: 'Northwind News', removedRevenue: 60, removedImpressions: 6000, revenueShare: 0.705, coverage: 1 },
          ],
          warnings: [],
        }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Impact preview' })).toHaveTextContent('Oct 22, 2026 to Nov 20, 2026');
    expectNoRawCodes(screen.getByRole('region', { name: 'Impact preview' }));
  });
});
