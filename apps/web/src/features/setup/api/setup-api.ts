import { setupEndpoints } from '@pc/contracts';
import { useEndpoint } from '../../../lib/endpoints';

/**
 * GET /api/setup for the chosen publisher. Revalidated on focus and on every visit (unlike most
 * pages): the steps are taken on other pages or sites, so coming back to this page or tab should
 * show the progress they made. No deduping: SWR's default 2 s window would skip the visit's request
 * when a step took less than 2 s since the last one (create a monitor, come straight back).
 */
export const useSetupChecklist = (publisherId: string) =>
  useEndpoint(setupEndpoints.checklist, publisherId, {}, { revalidateOnFocus: true, revalidateOnMount: true, dedupingInterval: 0 });
