import { Table, Text } from '@mantine/core';
import type { SiteTrackingView } from '@pc/contracts';
import { PlanStatusBadge, ProductStatusBadge } from './status-badges';

/** Each site's plan status with the product states behind it (the spec's tracking view). */
export function SitesStatusTable({ sites }: { sites: SiteTrackingView[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Plan status of your sites">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Site</Table.Th>
            <Table.Th>Plan status</Table.Th>
            <Table.Th>Site tag</Table.Th>
            <Table.Th>Tag data received</Table.Th>
            <Table.Th>Data integration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
