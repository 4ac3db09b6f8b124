import { CloseButton, Group, Button, Paper, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Routes, type ReportType } from '@pc/contracts';
import { useReportBanner } from '../../lib/report-banner/report-banner-store';

export const REPORT_LABEL: Record<ReportType, string> = { revenue: 'Revenue Summary', recirculation: 'Recirculation Summary' };
export const REPORT_ROUTE: Record<ReportType, string> = { revenue: Routes.revenueSummary, recirculation: Routes.recirculationSummary };

/** The green report-ready banner across the top (docs/product.md#report-banner), one per received report type. */
export function ReportReadyBanner() {
  const { received, dismiss } = useReportBanner();
  const navigate = useNavigate();
  if (received.length === 0) return null;
  return (
    <>
      {received.map((type) => (
        <Paper
          key={type}
          // The filled green of global.css (6.6:1 with white): Mantine's green.7 was 2.7:1.
          bg="var(--mantine-color-green-filled)"
          c="white"
          radius={0}
          px="md"
          py={8}
          role="status"
          aria-live="polite"
          data-testid={`report-banner-${type}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={500}>
              {`Your ${REPORT_LABEL[type]} report is available for download.`}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="white"
                c="var(--mantine-color-green-filled)"
                onClick={() => navigate(`${REPORT_ROUTE[type]}?tab=tab_1`)}
              >
                GO TO YOUR REPORTS
              </Button>
              <CloseButton aria-label="Close report notice" variant="transparent" c="white" onClick={() => dismiss(type)} />
            </Group>
          </Group>
        </Paper>
      ))}
    </>
  );
}
