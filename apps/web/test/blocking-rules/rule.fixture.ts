import type { BlockingRule } from '@pc/contracts';

/** A blocking rule for web tests; override what the test is about. */
export const ruleFixture = (over: Partial<BlockingRule>): BlockingRule => ({
  id: 'r1',
  name: 'Rule',
  type: 'brand',
  values: [],
  siteIds: null,
  expiresAt: null,
  status: 'active',
  publisherId: '1001',
  publisherName: 'Northwind News',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'owner@example.test',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
