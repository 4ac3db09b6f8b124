import {
  savedReportsEndpoints as endpoints,
  type ReportScheduleInput,
  type ReportSettings,
  type SavedReportInput,
  type SavedReportView,
} from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import type { BuilderState } from '../state/report-query';

export const saveReportSettings = (publisherId: string, body: ReportSettings) => call(endpoints.setSettings, { body }, { publisherId });

export const createSavedReport = (publisherId: string, body: SavedReportInput) => call(endpoints.create, { body }, { publisherId });

export const updateSavedReport = (publisherId: string, id: string, body: SavedReportInput) =>
  call(endpoints.update, { params: { id }, body }, { publisherId });

export const deleteSavedReport = (publisherId: string, id: string) => call(endpoints.remove, { params: { id } }, { publisherId });

export const scheduleSavedReport = (publisherId: string, id: string, body: ReportScheduleInput | null) =>
  body
    ? call(endpoints.setSchedule, { params: { id }, body }, { publisherId })
    : call(endpoints.removeSchedule, { params: { id } }, { publisherId });

/** The builder's state as a saved view, with its comparison (the chart's metric stays per visit). */
export function toSavedView(state: BuilderState): SavedReportView {
  return {
    preset: state.preset,
    ...(state.preset === 'custom' && state.custom ? { from: state.custom.from, to: state.custom.to } : {}),
    dimensions: state.dimensions,
    metrics: state.metrics,
    interval: state.interval,
    filters: state.filters,
    sort: state.sort,
    compare: state.compare,
    ...(state.compare === 'custom' && state.compareCustom
      ? { compareFrom: state.compareCustom.from, compareTo: state.compareCustom.to }
      : {}),
  };
}

/** A saved view back into the builder. */
export function fromSavedView(view: SavedReportView): Partial<BuilderState> {
  return {
    preset: view.preset,
    custom: view.preset === 'custom' && view.from && view.to ? { from: view.from, to: view.to } : null,
    dimensions: view.dimensions as BuilderState['dimensions'],
    metrics: view.metrics as BuilderState['metrics'],
    interval: view.interval,
    filters: view.filters as BuilderState['filters'],
    sort: view.sort,
    compare: view.compare ?? 'previous',
    compareCustom: view.compare === 'custom' && view.compareFrom && view.compareTo ? { from: view.compareFrom, to: view.compareTo } : null,
  };
}
