import { partnerViewEndpoints } from '@pc/contracts';
import { call } from './endpoint-call';

/**
 * Ends the partner view on the server. A module of its own, loaded on exit only: the entry's
 * schemas need zod, which the light sign-in entry (it holds viewing-as.ts) loads only when needed.
 */
export const endPartnerViewOnServer = () => call(partnerViewEndpoints.end, {}, { publisherId: null });
