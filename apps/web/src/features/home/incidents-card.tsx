import { incidentsEndpoints, Routes } from '@pc/contracts';
import { useEndpoint } from '../../lib/endpoints';
import { SummaryCard } from './summary-card';

/** Home: open and acknowledged incidents (from /api/incidents/summary; home does not import the incidents feature). */
export function IncidentsCard({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useEndpoint(incidentsEndpoints.summary, publisherId, {});
  return (
    <SummaryCard
      title="Incidents"
      label="Incidents summary"
      link={{ to: `${Routes.incidents}?status=open`, text: 'Open incidents' }}
      state={{ error, loading: isLoading || !data, retry: () => void mutate() }}
      figures={[
        { label: 'Open', value: data?.open, testId: 'home-open-incidents', alert: (data?.open ?? 0) > 0 },
        { label: 'Acknowledged', value: data?.acknowledged, testId: 'home-acknowledged-incidents' },
      ]}
      footer={data && data.open + data.acknowledged === 0 ? 'Nothing needs your attention.' : undefined}
    />
  );
}
