import { describe, expect, it } from 'vitest';
import { Routes } from '@pc/contracts';
import { buildNavItems, visibleNavItems } from './nav-items';

const config = { productName: 'Partners Center', links: { helpCenter: 'h', privacyPolicy: 'p', termsOfService: 't' } } as Parameters<
  typeof buildNavItems
>[0]['config'];

describe('visibleNavItems', () => {
  const items = buildNavItems({ organic: true, config });
  const paths = (list: ReturnType<typeof visibleNavItems>) =>
    list.flatMap((i) => (i.kind === 'group' ? i.children.map((c) => c.to) : i.kind === 'link' ? [i.to] : [i.href]));

  it('keeps every entry when everything is visible', () => {
    expect(visibleNavItems(items, () => true)).toEqual(items);
  });

  it('drops a refused child from its group and keeps the rest of the group', () => {
    const visible = visibleNavItems(items, (p) => p !== Routes.uptimeMonitoring);
    expect(paths(visible)).not.toContain(Routes.uptimeMonitoring);
    expect(paths(visible)).toContain(Routes.integrations);
    expect(paths(visible)).toHaveLength(paths(items).length - 1);
  });

  it('drops a refused link and a group left without children', () => {
    const visible = visibleNavItems(
      items,
      (p) => p !== Routes.payments && p !== Routes.revenueSummary && p !== Routes.recirculationSummary,
    );
    expect(visible.find((i) => i.id === 'payments')).toBeUndefined();
    expect(visible.find((i) => i.id === 'reports')).toBeUndefined();
    expect(visible.find((i) => i.id === 'help')).toBeDefined();
  });
});
