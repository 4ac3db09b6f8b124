import { Alert } from '@mantine/core';
import type { TaggedSite } from '@pc/contracts';
import { sampledNotice } from './sample-rate';

/** "Estimated figures" above a page's figures when a site in scope is sampled. */
export function SampledNotice({ sites, siteId }: { sites: readonly TaggedSite[] | undefined; siteId: string | null }) {
  const text = sites ? sampledNotice(sites, siteId) : null;
  if (!text) return null;
  return (
    <Alert color="blue" variant="light" title="Estimated figures">
      {text}
    </Alert>
  );
}
