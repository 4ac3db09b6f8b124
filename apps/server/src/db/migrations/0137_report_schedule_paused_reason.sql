-- Why the product paused a schedule (its owner lost the publisher or was disabled; see
-- modules/reports/saved/schedule-access.ts). NULL while it runs or when its owner paused it; the
-- owner scheduling it again clears it.
ALTER TABLE report_schedules ADD COLUMN paused_reason text;
