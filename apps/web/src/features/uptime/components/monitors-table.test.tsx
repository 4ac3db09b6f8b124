import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Monitor } from '@pc/contracts';
import { MonitorsTable } from './monitors-table';
import { renderWithProviders } from '../../../../test/render-with-providers';

const monitor = (over: Partial<Monitor>): Monitor => ({
  name: 'Shop',
  url: 'https://shop.example/',
  method: 'GET',
  siteId: null,
  intervalSeconds: 3600,
  timeoutSeconds: 10,
  retries: 0,
  acceptedStatusCodes: ['200-299'],
  keyword: null,
  keywordMode: 'contains',
  certExpiryDays: 14,
  followRedirects: true,
  notifyEmails: [],
  pendingRecipients: [],
  id: '00000000-0000-4000-8000-000000000001',
  publisherId: '1001',
  publisherName: 'Northwind News',
  siteName: null,
  status: 'pending',
  lastCheckAt: null,
  nextCheckAt: null,
  lastResponseMs: null,
  lastError: null,
  certExpiresAt: null,
  uptime24h: null,
  uptime30d: null,
  sparkline: [],
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

describe('the monitors list', () => {
  it('says when a monitor not checked yet will be, instead of a dash', () => {
    const inForty = new Date(Date.now() + 40 * 60_000 - 5_000).toISOString();
    const soon = new Date(Date.now() + 8_000).toISOString();
    renderWithProviders(
      <MonitorsTable
        monitors={[
          monitor({ name: 'Resumed with others', nextCheckAt: inForty }),
          monitor({ id: '00000000-0000-4000-8000-000000000002', name: 'Just created', nextCheckAt: soon }),
        ]}
      />,
    );
    expect(screen.getByText('first check in 40 min')).toBeVisible();
    expect(screen.getByText('checking soon')).toBeVisible();
  });
});
