import { plansEndpoints as endpoints } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';

export const usePlans = () => useEndpoint(endpoints.list, null, {});
export const useMyPlan = (publisherId: string | null) => useEndpoint(endpoints.mine, publisherId, publisherId ? {} : null);
export const requestPlan = (publisherId: string, planId: string) =>
  call(endpoints.requestChange, { body: { planId, message: '' } }, { publisherId });
