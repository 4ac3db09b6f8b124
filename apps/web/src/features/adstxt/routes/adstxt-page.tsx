import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { TrackingEvents } from '@pc/contracts';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { track } from '../../../lib/tracking/track';
import { DomainDetailView } from '../components/domain-detail-view';
import { DomainListView } from '../components/domain-list-view';
import { parseView, positiveInt, type AdsTxtView } from '../state/view-params';

/** /{area}/adstxt: the domain table, or one domain's views when ?domain= is set. */
export function AdsTxtPage() {
  const publisherId = useChosenPublisherId();
  const [params, setParams] = useSearchParams();
  const domainId = params.get('domain');

  useEffect(() => {
    if (publisherId) track(TrackingEvents.adsTxtView, { publisher_id: publisherId });
  }, [publisherId]);

  // The shell's guard guarantees a chosen publisher; this only satisfies the type.
  if (!publisherId) return null;
  if (!domainId) return <DomainListView publisherId={publisherId} />;

  const onView = (view: AdsTxtView, extra: Record<string, number> = {}) => {
    const next = new URLSearchParams({ domain: domainId });
    if (view !== 'file') next.set('view', view);
    for (const [k, v] of Object.entries(extra)) next.set(k, String(v));
    setParams(next);
  };

  return (
    <DomainDetailView
      key={`${publisherId}-${domainId}`}
      publisherId={publisherId}
      domainId={domainId}
      view={parseView(params.get('view'))}
      diff={{ from: positiveInt(params.get('from')), to: positiveInt(params.get('to')) }}
      onView={onView}
    />
  );
}
