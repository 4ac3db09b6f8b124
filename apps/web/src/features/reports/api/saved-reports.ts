import type { ReportScheduleInput, ReportSettings, SavedReport, SavedReportInput, SavedReportView } from '@pc/contracts';
import { api } from '../../../lib/api';
import type { BuilderState } from '../state/report-query';

export const SAVED_PATH = 'partner-center/saved-reports';
export const SETTINGS_PATH = 'partner-center/report-settings';

export const saveReportSettings = (publisherId: string, body: ReportSettings) =>
  api<ReportSettings>(SETTINGS_PATH, { method: 'PUT', publisherId, body });

export const createSavedReport = (publisherId: string, body: SavedReportInput) =>
  api<SavedReport>(SAVED_PATH, { method: 'POST', publisherId, body });

export const updateSavedReport = (publisherId: string, id: string, body: SavedReportInput) =>
  api<SavedReport>(`${SAVED_PATH}/${id}`, { method: 'PUT', publisherId, body });

export const deleteSavedReport = (publisherId: string, id: string) =>
  api<{ ok: true }>(`${SAVED_PATH}/${id}`, { method: 'DELETE', publisherId });

export const scheduleSavedReport = (publisherId: string, id: string, body: ReportScheduleInput | null) =>
  body
    ? api<SavedReport>(`${SAVED_PATH}/${id}/schedule`, { method: 'PUT', publisherId, body })
    : api<SavedReport>(`${SAVED_PATH}/${id}/schedule`, { method: 'DELETE', publisherId });

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
