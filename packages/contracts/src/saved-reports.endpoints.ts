import { z } from 'zod';
import { endpoint, OkSchema } from './endpoint';
import { REPORT_TYPES } from './report-catalog';
import { ReportScheduleInputSchema, ReportSettingsSchema, SavedReportInputSchema, SavedReportSchema } from './saved-reports';

const tags = ['reports'] as const;

export const SavedReportIdParamsSchema = z.object({ id: z.string().uuid('Unknown saved report.') });
export const SavedReportsQuerySchema = z.object({ reportType: z.enum(REPORT_TYPES).optional() });

/** Saved and scheduled reports, and the publisher's reporting time zone. */
export const savedReportsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/partner-center/saved-reports',
    operationId: 'listSavedReports',
    summary: "The caller's saved reports and those shared with the publisher's team, optionally of one report type",
    tags,
    access: 'publisher',
    query: SavedReportsQuerySchema,
    response: z.array(SavedReportSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/partner-center/saved-reports',
    operationId: 'createSavedReport',
    summary: 'Save a report view under a name, private or shared with the team',
    tags,
    access: 'publisher',
    body: SavedReportInputSchema,
    response: SavedReportSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/partner-center/saved-reports/:id',
    operationId: 'getSavedReport',
    summary: 'One saved report',
    tags,
    access: 'publisher',
    params: SavedReportIdParamsSchema,
    response: SavedReportSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/partner-center/saved-reports/:id',
    operationId: 'updateSavedReport',
    summary: "Replace a saved report's name, view or sharing",
    tags,
    access: 'publisher',
    params: SavedReportIdParamsSchema,
    body: SavedReportInputSchema,
    response: SavedReportSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/partner-center/saved-reports/:id',
    operationId: 'deleteSavedReport',
    summary: 'Delete a saved report',
    tags,
    access: 'publisher',
    params: SavedReportIdParamsSchema,
    response: OkSchema,
  }),
  setSchedule: endpoint({
    method: 'PUT',
    path: '/api/partner-center/saved-reports/:id/schedule',
    operationId: 'scheduleSavedReport',
    summary: 'Mail a saved report on a schedule, or change its schedule',
    tags,
    access: 'publisher',
    params: SavedReportIdParamsSchema,
    body: ReportScheduleInputSchema,
    response: SavedReportSchema,
  }),
  removeSchedule: endpoint({
    method: 'DELETE',
    path: '/api/partner-center/saved-reports/:id/schedule',
    operationId: 'unscheduleSavedReport',
    summary: 'Stop mailing a saved report',
    tags,
    access: 'publisher',
    params: SavedReportIdParamsSchema,
    response: SavedReportSchema,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/partner-center/report-settings',
    operationId: 'getReportSettings',
    summary: "The publisher's reporting time zone, which report days and schedules follow",
    tags,
    access: 'publisher',
    response: ReportSettingsSchema,
  }),
  setSettings: endpoint({
    method: 'PUT',
    path: '/api/partner-center/report-settings',
    operationId: 'setReportSettings',
    summary: "Set the publisher's reporting time zone",
    tags,
    access: 'publisher',
    body: ReportSettingsSchema,
    response: ReportSettingsSchema,
  }),
} as const;
