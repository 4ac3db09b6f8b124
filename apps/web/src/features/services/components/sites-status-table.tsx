import { Table, Text } from '@mantine/core';
import type { SiteTrackingView } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PlanStatusBadge, ProductStatusBadge } from './status-badges';

const COLUMNS: DataColumn[] = [
  { key: 'site', header: 'Site' },
  { key: 'planStatus', header: 'Plan status' },
  { key: 'siteTag', header: 'Site tag' },
  { key: 'tagData', header: 'Tag data received' },
  { key: 'integration', header: 'Data integration' },
];

/** Each site's plan status with the product states behind it (the spec's tracking view). */
export function SitesStatusTable({ sites }: { sites: SiteTrackingView[] }) {
  return (
    <DataTable label="Plan status of your sites" columns={COLUMNS} minWidth={640} striped>
      {sites.map((s) => (
        <Table.Tr key={s.siteId} data-site={s.siteId}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {s.siteName}
            </Text>
            <Text size="xs" c="dimmed">
              {s.domain}
            </Text>
          </Table.Td>
          <Table.Td>
            <PlanStatusBadge status={s.planStatus} />
          </Table.Td>
          <Table.Td>
            <ProductStatusBadge status={s.product.status} />
          </Table.Td>
          <Table.Td>{s.product.eventTrackerDataReceived ? 'Yes' : 'Not yet'}</Table.Td>
          <Table.Td>{s.isOnboardedOnDMoc ? 'Confirmed' : 'Not onboarded'}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
