import useSWR from 'swr';
import type { SetupChecklist } from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

/**
 * GET /api/setup for the chosen publisher. Revalidated on focus (unlike most pages): the steps are
 * taken on other pages or sites, so coming back to this tab should show the progress they made.
 */
export const useSetupChecklist = (publisherId: string) =>
  useSWR<SetupChecklist, Error, ApiKey>(['setup', publisherId], apiFetcher, { ...swrOptions, revalidateOnFocus: true });
