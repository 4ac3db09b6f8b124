import { setupEndpoints } from '@pc/contracts';
import { useEndpoint } from '../../../lib/endpoints';

/**
 * GET /api/setup for the chosen publisher. Revalidated on focus (unlike most pages): the steps are
 * taken on other pages or sites, so coming back to this tab should show the progress they made.
 */
export const useSetupChecklist = (publisherId: string) =>
  useEndpoint(setupEndpoints.checklist, publisherId, {}, { revalidateOnFocus: true });
