import useSWR from 'swr';
import type { MyPlan, Plan, PlanChangeRequest } from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

export const usePlans = () => useSWR<Plan[], Error, ApiKey>(['plans', null], apiFetcher, swrOptions);
export const useMyPlan = (publisherId: string | null) =>
  useSWR<MyPlan, Error, ApiKey | null>(publisherId ? ['my-plans', publisherId] : null, apiFetcher, swrOptions);
export const requestPlan = (publisherId: string, planId: string) =>
  api<PlanChangeRequest>('my-plans/requests', { method: 'POST', publisherId, body: { planId, message: '' } });
