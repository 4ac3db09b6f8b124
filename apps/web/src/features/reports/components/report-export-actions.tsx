import { useEffect, useRef, useState } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { DIRECT_DOWNLOAD_MAX_ROWS, type ReportType } from '@pc/contracts';
import { ApiRequestError } from '../../../lib/api-error';
import { Icon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-error';
import { useReportBanner } from '../../../lib/report-banner/report-banner-store';
import { toast } from '../../../lib/toast';
import { createEmailExport, createFileExport, downloadNow, type ExportFormat } from '../api/report-actions';
import type { ReportApiQuery } from '../state/report-query';

export interface ReportExportActionsProps {
  type: ReportType;
  /** The table's query; null while the builder has nothing valid to export. */
  query: ReportApiQuery | null;
  email: string;
  /** Called after a job was created, so the exports list refreshes. */
  onCreated: () => void;
  /** Rows of the shown report, when known: small reports download at once, without a job. */
  totalRows?: number;
}

/**
 * "Export to file" (CSV or XLSX) and "Email report". A report of up to a few thousand rows
 * downloads at once; a larger one (or one the server finds too large) becomes a background job,
 * awaited so the shell's banner announces it wherever the user is when it is ready.
 */
export function ReportExportActions({ type, query, email, onCreated, totalRows }: ReportExportActionsProps) {
  const { awaitReport } = useReportBanner();
  const [pending, setPending] = useState<'file' | 'email' | null>(null);
  // The busy button is disabled, which drops keyboard focus to the page; once the work is done the
  // focus goes back to the button that started it.
  const fileButton = useRef<HTMLButtonElement>(null);
  const emailButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (pending !== null || !refocus.current) return;
    const target = refocus.current;
    refocus.current = null;
    // Only when focus is nowhere useful: on the page itself, or in the menu that is closing.
    const lost = () => {
      const active = document.activeElement;
      return !active || active === document.body || active.closest('[role="menu"]') !== null;
    };
    if (lost()) target.focus();
    // The menu's closing transition can still move focus after this render.
    const late = window.setTimeout(() => lost() && target.focus(), 300);
    return () => window.clearTimeout(late);
  }, [pending]);
  const start = (kind: 'file' | 'email') => {
    refocus.current = kind === 'file' ? fileButton.current : emailButton.current;
    setPending(kind);
  };

  const exportFile = async (format: ExportFormat) => {
    if (!query) return;
    start('file');
    try {
      if (totalRows !== undefined && totalRows <= DIRECT_DOWNLOAD_MAX_ROWS) {
        try {
          await downloadNow(query, format);
          toast.success('Your report was downloaded.');
          return;
        } catch (e) {
          // The server's cap can be lower than the page's hint: then the job makes the file.
          if (!(e instanceof ApiRequestError && e.status === 413)) throw e;
        }
      }
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
    start('email');
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
      <Button ref={emailButton} variant="default" onClick={() => void emailReport()} loading={pending === 'email'} disabled={disabled}>
        Email report
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button ref={fileButton} loading={pending === 'file'} disabled={disabled} rightSection={<Icon name="chevronDown" size={16} />}>
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
