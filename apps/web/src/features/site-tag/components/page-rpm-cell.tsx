import { Text } from '@mantine/core';

/**
 * A site's page RPM, or why there is none: page RPM counts only days whose revenue has arrived
 * (a day after the page views), so a site with page views only on such days is waiting for its
 * revenue, and a site without page views has no tag data.
 */
export function PageRpmCell({ site, money }: { site: { pageRpm: number | null; pageViews: number }; money: (v: number) => string }) {
  if (site.pageRpm !== null) return <>{money(site.pageRpm)}</>;
  return (
    <Text size="xs" c="dimmed">
      {site.pageViews > 0 ? 'Revenue not in yet' : 'No tag data'}
    </Text>
  );
}
