import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Stack, Text } from '@mantine/core';
import { IncidentListQuerySchema, TrackingEvents, type Incident, type IncidentListQuery } from '@pc/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingCard } from '../../../components/ui/loading-card';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import { track } from '../../../lib/tracking/track';
import { useIncidents } from '../api/incidents-api';
import { IncidentFilters } from '../components/incident-filters';
import { IncidentsTable } from '../components/incidents-table';
import { VulnerabilityExport } from '../components/vulnerability-export';

const FILTER_KEYS = ['status', 'type', 'severity', 'siteId'] as const;

/**
 * Filters live in the address (?status=open&type=downtime...); an unknown value is ignored, not an
 * error. Each key is checked on its own, so a stale or mistyped value drops only that filter.
 */
function filtersOf(params: URLSearchParams): IncidentListQuery {
  const filters: IncidentListQuery = {};
  for (const k of FILTER_KEYS) {
    const value = params.get(k);
    if (!value) continue;
    const parsed = IncidentListQuerySchema.safeParse({ [k]: value });
    if (parsed.success) Object.assign(filters, parsed.data);
  }
  return filters;
}

/** /incidents: what monitors, the ads.txt crawler and staff ingestion detected on the publisher's sites. */
export function IncidentsPage() {
  const publisherId = useChosenPublisherId();
  useEffect(() => {
    if (publisherId) track(TrackingEvents.incidentsView, { publisher_id: publisherId });
  }, [publisherId]);
  if (!publisherId) return null;
  return <IncidentsView key={publisherId} publisherId={publisherId} />;
}

function IncidentsView({ publisherId }: { publisherId: string }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const { data, error, isLoading, mutate } = useIncidents(publisherId, filters);
  const { data: details } = usePublisherDetails(publisherId);
  const [expanded, setExpanded] = useState<string | null>(params.get('incident'));
  const filtered = Object.values(filters).some(Boolean);

  const setFilters = (next: IncidentListQuery) => {
    const p = new URLSearchParams();
    for (const k of FILTER_KEYS) if (next[k]) p.set(k, next[k]);
    setParams(p, { replace: true });
  };
  const toggle = (i: Incident) => {
    const opening = expanded !== i.id;
    setExpanded(opening ? i.id : null);
    if (opening) track(TrackingEvents.incidentsExpand, { publisher_id: publisherId, incident_type: i.type, status: i.status });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Incidents"
        purpose="Problems found on your sites by uptime monitors, the ads.txt crawler, the daily revenue scan and security scans: acknowledge them, resolve them and see their history."
        action={<VulnerabilityExport publisherId={publisherId} />}
      />
      <IncidentFilters value={filters} sites={details?.sites ?? []} onChange={setFilters} />
      {error ? (
        <LoadErrorAlert title="The incidents could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingCard label="Loading incidents" rows={4} />
      ) : data.length === 0 ? (
        filtered ? (
          <Text c="dimmed" size="sm">
            No incident matches these filters. Clear them to see every incident.
          </Text>
        ) : (
          <EmptyState title="No incidents">
            Nothing has gone wrong on your sites so far. When an uptime monitor goes down, an ads.txt file loses required lines or a scan
            finds a vulnerability, the incident appears here with its timeline.
          </EmptyState>
        )
      ) : (
        <IncidentsTable publisherId={publisherId} incidents={data} expanded={expanded} onToggle={toggle} onChanged={() => void mutate()} />
      )}
    </Stack>
  );
}
