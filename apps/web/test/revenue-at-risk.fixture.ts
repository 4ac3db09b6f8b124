import type { RevenueAtRisk } from '@pc/contracts';

/** One site with a cause of each status (priced, too little data, none): the revenue at risk tests' answer. */
export const revenueAtRiskSample: RevenueAtRisk = {
  currency: 'USD',
  period: { from: '2026-10-31', to: '2026-11-27', days: 28 },
  totals: { amountPerDay: 102.5, byKind: { adstxt: 100, downtime: 2.5, pageSpeed: 0, blocking: 0 } },
  sites: [
    {
      siteId: '5002',
      siteName: 'Northwind Sport',
      amountPerDay: 102.5,
      causes: [
        {
          kind: 'adstxt',
          status: 'priced',
          amountPerDay: 100,
          formula: 'revenue of Display, Native, Video ÷ days',
          inputs: [
            { label: 'Programmatic revenue in the period', value: 2800, unit: 'money' },
            { label: 'Days', value: 28, unit: 'days' },
          ],
          note: 'The file was not found: every required line is missing.',
          fixes: [{ label: 'Missing lines of sport.example', href: '/partners/adstxt?domain=d5002' }],
        },
        {
          kind: 'downtime',
          status: 'priced',
          amountPerDay: 2.5,
          formula: 'Σ minutes down × revenue per minute of that weekday ÷ days',
          inputs: [{ label: 'Minutes down', value: 70, unit: 'minutes' }],
          note: null,
          fixes: [{ label: 'Monitor Sport home', href: '/uptime-monitoring/m1' }],
        },
        {
          kind: 'pageSpeed',
          status: 'tooLittleData',
          amountPerDay: null,
          formula: '(page RPM on good days − page RPM on slow days) ÷ 1,000 × slow days’ page views ÷ days',
          inputs: [],
          note: 'The site tag has measured no page speed on this site.',
          fixes: [],
        },
        {
          kind: 'blocking',
          status: 'none',
          amountPerDay: null,
          formula: 'revenue the active rules removed ÷ days',
          inputs: [],
          note: 'No active rule applies to this site.',
          fixes: [],
        },
      ],
    },
  ],
};
