import { describe, expect, it } from 'vitest';
import {
  certState,
  fieldErrors,
  formatAgo,
  formatFirstCheck,
  formatInterval,
  formatMs,
  formatUptime,
  splitList,
  uptimeColor,
} from './monitor-format';

describe('monitor formatting', () => {
  it('shows uptime without rounding a failure away', () => {
    expect(formatUptime(100)).toBe('100 %');
    expect(formatUptime(99.999)).toBe('99.99 %');
    expect(formatUptime(99.5)).toBe('99.50 %');
    expect(formatUptime(0)).toBe('0.00 %');
    expect(formatUptime(null)).toBe('—');
  });

  it('formats response times and intervals', () => {
    expect(formatMs(123.4)).toBe('123 ms');
    expect(formatMs(12_345)).toBe('12.3 s');
    expect(formatMs(null)).toBe('—');
    expect(formatInterval(30)).toBe('30 s');
    expect(formatInterval(300)).toBe('5 min');
    expect(formatInterval(5400)).toBe('1 h 30 min');
    expect(formatInterval(86_400)).toBe('1 day');
  });

  it('says how long ago a check ran', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(formatAgo(null, now)).toBe('—');
    expect(formatAgo('2026-01-10T11:59:58Z', now)).toBe('just now');
    expect(formatAgo('2026-01-10T11:59:30Z', now)).toBe('30 s ago');
    expect(formatAgo('2026-01-10T11:55:00Z', now)).toBe('5 min ago');
    expect(formatAgo('2026-01-10T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAgo('2026-01-09T12:00:00Z', now)).toBe('1 day ago');
  });

  it('flags a certificate inside the warning window or expired', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(certState(null, 14, now)).toBeNull();
    expect(certState('2026-01-15T12:00:00Z', 14, now)).toEqual({ days: 5, text: 'Expires in 5 days', warning: true });
    expect(certState('2026-03-15T12:00:00Z', 14, now)?.warning).toBe(false);
    expect(certState('2026-01-15T12:00:00Z', 0, now)?.warning).toBe(false);
    expect(certState('2026-01-09T12:00:00Z', 0, now)).toEqual({ days: -1, text: 'Expired', warning: true });
  });

  it('splits list fields and maps server field keys onto the form', () => {
    expect(splitList(' 200-299, 301\n302;;')).toEqual(['200-299', '301', '302']);
    expect(splitList('  ')).toEqual([]);
    expect(fieldErrors({ 'body.acceptedStatusCodes.1': 'Bad code', name: 'Name is required!', 'acceptedStatusCodes.2': 'x' })).toEqual({
      acceptedStatusCodes: 'Bad code',
      name: 'Name is required!',
    });
  });

  it('colours day bars by uptime', () => {
    expect(uptimeColor(null)).toBe('gray.3');
    expect(uptimeColor(100)).toBe('green.6');
    expect(uptimeColor(97)).toBe('orange.5');
    expect(uptimeColor(50)).toBe('red.6');
  });

  it('says when a monitor not checked yet will be', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
    expect(formatFirstCheck(null, now)).toBe('—');
    expect(formatFirstCheck(at(-5), now)).toBe('checking soon');
    expect(formatFirstCheck(at(45), now)).toBe('checking soon');
    expect(formatFirstCheck(at(61), now)).toBe('first check in 2 min');
    expect(formatFirstCheck(at(40 * 60), now)).toBe('first check in 40 min');
    expect(formatFirstCheck(at(3600), now)).toBe('first check in 1 h');
    expect(formatFirstCheck(at(3600 + 15 * 60), now)).toBe('first check in 1 h 15 min');
  });
});
