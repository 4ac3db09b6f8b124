import { describe, expect, it } from 'vitest';
import {
  changeRatio,
  formatCell,
  formatChange,
  countOf,
  formatCount,
  formatDateTime,
  formatDay,
  formatDayShort,
  formatDecimal,
  formatMoney,
  formatMonth,
  formatPercent,
  parseDisplayNumber,
} from './display-format';

describe('number display (docs/product.md#validation)', () => {
  it('formats counts with comma thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999.6)).toBe('1,000');
    expect(formatCount(null)).toBe('—');
  });

  it('formats money in the publisher currency with en-US conventions', () => {
    expect(formatMoney(1234.56, 'USD')).toBe('$1,234.56');
    expect(formatMoney(1234567.891, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(0.4, 'GBP')).toBe('£0.40');
    expect(formatMoney(-12, 'USD')).toBe('-$12.00');
  });

  it('keeps an unknown currency code visible instead of failing', () => {
    expect(formatMoney(5, 'ZZZZ')).toBe('5.00 ZZZZ');
  });

  it('formats ratios as percentages with two decimals', () => {
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent(0.015269)).toBe('1.53%');
    expect(formatPercent(12.5)).toBe('1,250.00%');
  });

  it('converts a decimal comma to a point', () => {
    expect(parseDisplayNumber('12,5')).toBe(12.5);
    expect(parseDisplayNumber('1.234,56')).toBe(1234.56);
    expect(parseDisplayNumber('1,234.56')).toBe(1234.56);
    expect(parseDisplayNumber('1,234')).toBe(1234);
    expect(parseDisplayNumber('1,234,567')).toBe(1234567);
    expect(parseDisplayNumber('abc')).toBeNull();
    expect(formatMoney('1234,56', 'USD')).toBe('$1,234.56');
    expect(formatDecimal('0,5')).toBe('0.50');
    expect(formatPercent('0,1234')).toBe('12.34%');
  });

  it('formats changes with a sign', () => {
    expect(formatChange(0.0534)).toBe('+5.3%');
    expect(formatChange(-0.2)).toBe('−20.0%');
    expect(formatChange(0)).toBe('0.0%');
    expect(formatChange(null)).toBe('—');
    expect(changeRatio(110, 100)).toBeCloseTo(0.1);
    expect(changeRatio(5, 0)).toBeNull();
  });

  it('formats dates and cells by column kind', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatCell(1500, 'count', 'USD')).toBe('1,500');
    expect(formatCell(2.6, 'money', 'USD')).toBe('$2.60');
    expect(formatCell(0.5, 'ratio-percent', 'USD')).toBe('50.00%');
    expect(formatCell('Northwind News', 'text', 'USD')).toBe('Northwind News');
    expect(formatCell(null, 'money', 'USD')).toBe('—');
  });
});

describe('date-times', () => {
  it('writes a moment with its day, time and zone, in the zone asked for', () => {
    expect(formatDateTime('2026-03-05T14:03:00.000Z', 'UTC')).toBe('Mar 5, 2026, 2:03 PM UTC');
    // The same moment in New York is still 5 March, 9:03 in the morning, named EST.
    expect(formatDateTime('2026-03-05T14:03:00.000Z', 'America/New_York')).toBe('Mar 5, 2026, 9:03 AM EST');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toBe('Jan 1, 2026, 12:00 AM UTC');
    expect(formatDateTime(new Date(Date.UTC(2026, 6, 4, 23, 59)), 'UTC')).toBe('Jul 4, 2026, 11:59 PM UTC');
  });

  it('says nothing for no moment and falls back to UTC for an unknown zone', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDateTime('2026-03-05T14:03:00Z', 'Mars/Olympus')).toBe('Mar 5, 2026, 2:03 PM UTC');
  });

  it("names the reader's zone when none is given", () => {
    expect(formatDateTime('2026-03-05T14:03:00Z')).toMatch(/^Mar [56], 2026, \d{1,2}:\d{2} [AP]M \S+$/);
  });
});

describe('counts with their noun', () => {
  it('says one site and many sites, never site(s)', () => {
    expect(countOf(1, 'site')).toBe('1 site');
    expect(countOf(0, 'site')).toBe('0 sites');
    expect(countOf(1200, 'site')).toBe('1,200 sites');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('writes a day without its year where the context gives the year, as formatDay writes the rest', () => {
    expect(formatDayShort('2026-03-05')).toBe('Mar 5');
    expect(formatDayShort('2026-10-28T23:00:00.000Z')).toBe('Oct 28');
    expect(formatDayShort(formatDay('2026-03-05'))).toBe('Mar 5, 2026');
  });
});
