import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportListItem } from '@pc/contracts';
import { addTo, applyReportList, removeFrom, reportBanner } from './report-banner-store';
import { useReportPolling } from './use-report-polling';
import { getToasts } from '../toast';

const item = (type: 'revenue' | 'recirculation', isNew: boolean) => ({ type, isNew }) as ReportListItem;

describe('report banner state', () => {
  beforeEach(() => {
    localStorage.clear();
    reportBanner.reload();
  });

  it('keeps both lists duplicate-free', () => {
    expect(addTo(['revenue'], 'revenue')).toEqual(['revenue']);
    expect(addTo(['revenue'], 'recirculation')).toEqual(['revenue', 'recirculation']);
    expect(removeFrom(['revenue', 'recirculation'], 'revenue')).toEqual(['recirculation']);
    reportBanner.awaitReport('revenue');
    reportBanner.awaitReport('revenue');
    expect(reportBanner.getState().awaited).toEqual(['revenue']);
  });

  it('persists the lists in localStorage', () => {
    reportBanner.awaitReport('recirculation');
    expect(JSON.parse(localStorage.getItem('pc_reports_awaited')!)).toEqual(['recirculation']);
    reportBanner.receive('recirculation');
    expect(JSON.parse(localStorage.getItem('pc_reports_received')!)).toEqual(['recirculation']);
    expect(JSON.parse(localStorage.getItem('pc_reports_awaited')!)).toEqual([]);
  });

  it('moves an awaited type to received when a listed report isNew', () => {
    const s = applyReportList({ awaited: ['revenue', 'recirculation'], received: [] }, [
      item('revenue', true),
      item('recirculation', false),
    ]);
    expect(s).toEqual({ awaited: ['recirculation'], received: ['revenue'] });
  });

  it('ignores new reports of types nobody awaits', () => {
    expect(applyReportList({ awaited: [], received: [] }, [item('revenue', true)])).toEqual({ awaited: [], received: [] });
  });

  it('dismiss removes the received type', () => {
    reportBanner.receive('revenue');
    reportBanner.dismiss('revenue');
    expect(reportBanner.getState().received).toEqual([]);
  });
});

describe('report polling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    reportBanner.reload();
  });
  afterEach(() => vi.useRealTimers());

  it('a failed export stops the polling and shows an error toast saying what to do', async () => {
    reportBanner.awaitReport('revenue');
    const failed = { type: 'revenue', isNew: false, status: 'failed' } as ReportListItem;
    const fetchReports = vi.fn(async () => [failed]);
    renderHook(() => useReportPolling('1001', fetchReports));
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(fetchReports).toHaveBeenCalledTimes(1);
    expect(reportBanner.getState().awaited).toEqual([]);
    expect(reportBanner.getState().received).toEqual([]);
    const toast = getToasts().find((t) => t.severity === 'error');
    expect(toast?.message).toMatch(/Revenue Summary export could not be made\. Please export the report again/);
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(fetchReports).toHaveBeenCalledTimes(1);
  });

  it('an older failed export does not stop waiting for a newer one', () => {
    const older = { type: 'revenue', isNew: false, status: 'failed' } as ReportListItem;
    const newer = { type: 'revenue', isNew: false, status: 'running' } as ReportListItem;
    expect(applyReportList({ awaited: ['revenue'], received: [] }, [newer, older]).awaited).toEqual(['revenue']);
  });

  it('does not poll while nothing is awaited', () => {
    const fetchReports = vi.fn(async () => [] as ReportListItem[]);
    renderHook(() => useReportPolling('1001', fetchReports));
    act(() => vi.advanceTimersByTime(10_000));
    expect(fetchReports).not.toHaveBeenCalled();
  });

  it('does not poll without a chosen publisher', () => {
    reportBanner.awaitReport('revenue');
    const fetchReports = vi.fn(async () => [] as ReportListItem[]);
    renderHook(() => useReportPolling(null, fetchReports));
    act(() => vi.advanceTimersByTime(10_000));
    expect(fetchReports).not.toHaveBeenCalled();
  });

  it('polls every 2000 ms while awaited, then stops once received', async () => {
    reportBanner.awaitReport('revenue');
    let ready = false;
    const fetchReports = vi.fn(async () => [item('revenue', ready)]);
    renderHook(() => useReportPolling('1001', fetchReports));
    await act(async () => vi.advanceTimersByTime(1_999));
    expect(fetchReports).toHaveBeenCalledTimes(0);
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetchReports).toHaveBeenCalledTimes(1);
    expect(fetchReports).toHaveBeenCalledWith('1001');
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(fetchReports).toHaveBeenCalledTimes(2);
    ready = true;
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(reportBanner.getState()).toEqual({ awaited: [], received: ['revenue'] });
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(fetchReports).toHaveBeenCalledTimes(3);
  });
});
