import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { TrackingEvents, fileNameOf, type AdsTxtDetail } from '@pc/contracts';
import { track } from '../../../lib/tracking/track';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-error';
import { activateHosting, adsTxtKeys, verifyDomain } from '../api/adstxt-api';
import { redirectionLabel, statusLabel } from '../components/status-labels';

function verifyMessage(d: AdsTxtDetail): string {
  // A failed read says so in plain words; the status label alone ("Error") would not say what to do.
  const file =
    d.status === 'error'
      ? `${d.domain_name}: the file could not be read. ${d.errorReason ?? ''}`.trim()
      : `${d.domain_name}: ${statusLabel(d)}.`;
  if (!d.hosted) return `Checked ${file}`;
  const redirect = `Redirection ${redirectionLabel[d.ads_txt_redirection_status].toLowerCase()}`;
  return `Checked ${file} ${redirect}${d.redirection_reason ? `: ${d.redirection_reason}` : '.'}`;
}

/** Verify and activate for one domain: each updates the detail in place and refreshes the table. */
export function useDomainActions(publisherId: string, domainId: string) {
  const { mutate } = useSWRConfig();
  const [verifying, setVerifying] = useState(false);
  const [activating, setActivating] = useState(false);

  async function store(detail: AdsTxtDetail) {
    await mutate(adsTxtKeys.detail(publisherId, domainId), detail, { revalidate: false });
    void mutate(adsTxtKeys.domains(publisherId));
    void mutate(adsTxtKeys.revisions(publisherId, domainId));
  }

  async function verify() {
    track(TrackingEvents.adsTxtVerify, { domain_id: domainId });
    setVerifying(true);
    try {
      const d = await verifyDomain(publisherId, domainId);
      await store(d);
      const bad = d.status === 'error' || d.status === 'not_found' || d.ads_txt_redirection_status === 'broken';
      (bad ? toast.warning : toast.success)(verifyMessage(d));
    } catch (e) {
      toast.error(`Verification failed: ${errorMessage(e)}`);
    } finally {
      setVerifying(false);
    }
  }

  async function activate() {
    track(TrackingEvents.adsTxtActivate, { domain_id: domainId });
    setActivating(true);
    try {
      const d = await activateHosting(publisherId, domainId);
      await store(d);
      toast.success(`Hosted ${fileNameOf(d)} is on for ${d.domain_name}. Set up the redirection below, then verify it.`);
    } catch (e) {
      toast.error(`Hosting could not be activated: ${errorMessage(e)}`);
    } finally {
      setActivating(false);
    }
  }

  return { verify, verifying, activate, activating };
}
