import { useState } from 'react';
import { UsageUserTypes, type UsageExportKind } from '@pc/contracts';
import { saveFile } from '../../../lib/save-file';
import { addToast } from '../../../lib/toast';
import { exportUsageCsv, useUsageReport, type UsageReportQuery } from '../api/usage-api';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The last `days` UTC days, today included. */
export const lastDays = (days: number) => ({ from: iso(Date.now() - (days - 1) * DAY), to: iso(Date.now()) });

/** The usage tab's filters (range, partner, user type), the report they select and its CSV export. */
export function useUsageTab() {
  const [range, setRange] = useState(() => lastDays(30));
  const [partner, setPartner] = useState<string | null>(null);
  const [userType, setUserType] = useState<string | null>(null);
  const type = UsageUserTypes.find((t) => t === userType);
  const query: UsageReportQuery = { ...range, ...(partner ? { publisherId: partner } : {}), ...(type ? { userType: type } : {}) };
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to;
  const report = useUsageReport(valid ? query : null);

  const exportCsv = async (kind: UsageExportKind) => {
    try {
      const body = await exportUsageCsv(query, kind);
      saveFile(`usage-${kind}-${range.from}-${range.to}.csv`, body, 'text/csv;charset=utf-8');
    } catch (e) {
      addToast('error', (e as Error).message);
    }
  };

  return { range, setRange, partner, setPartner, userType, setUserType, valid, report, exportCsv };
}

export type UsageTabState = ReturnType<typeof useUsageTab>;
