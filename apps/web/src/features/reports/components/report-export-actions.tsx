import { useState } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import type { ReportType } from '@pc/contracts';
import { Icon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-error';
import { useReportBanner } from '../../../lib/report-banner/report-banner-store';
import { toast } from '../../../lib/toast';
import { createEmailExport, createFileExport, type ExportFormat } from '../api/report-actions';
import type { ReportApiQuery } from '../state/report-query';

export interface ReportExportActionsProps {
  type: ReportType;
  /** The table's query; null while the builder has nothing valid to export. */
  query: ReportApiQuery | null;
  email: string;
  /** Called after a job was created, so the exports list refreshes. */
  onCreated: () => void;
}

/**
 * "Export to file" (CSV or XLSX) and "Email report": each creates a background job. A file export
 * is then awaited, so the shell's banner announces it wherever the user is when it is ready.
 */
export function ReportExportActions({ type, query, email, onCreated }: ReportExportActionsProps) {
  const { awaitReport } = useReportBanner();
  const [pending, setPending] = useState<'file' | 'email' | null>(null);

  const exportFile = async (format: ExportFormat) => {
    if (!query) return;
    setPending('file');
    try {
      await createFileExport(query, format);
      awaitReport(type);
      toast.success("Your report is being prepared. We'll show a banner when it's ready to download.");
      onCreated();
    } catch (e) {
      toast.error(`The export could not be started: ${errorMessage(e)}`);
    } finally {
      setPending(null);
    }
  };

  const emailReport = async () => {
    if (!query) return;
    setPending('email');
    try {
      await createEmailExport(query, 'csv');
      toast.success(`We'll e-mail the report to ${email} when it's ready.`);
      onCreated();
    } catch (e) {
      toast.error(`The report could not be e-mailed: ${errorMessage(e)}`);
    } finally {
      setPending(null);
    }
  };

  const disabled = !query || pending !== null;
  return (
    <Group gap="sm">
      <Button variant="default" onClick={() => void emailReport()} loading={pending === 'email'} disabled={disabled}>
        Email report
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button loading={pending === 'file'} disabled={disabled} rightSection={<Icon name="chevronDown" size={16} />}>
            Export to file
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>File format</Menu.Label>
          <Menu.Item onClick={() => void exportFile('csv')}>CSV (.csv)</Menu.Item>
          <Menu.Item onClick={() => void exportFile('xlsx')}>Excel (.xlsx)</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
