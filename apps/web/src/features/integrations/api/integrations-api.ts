import useSWR from 'swr';
import type { CreateApiKey, CreatedApiKey, ReportingApiKey } from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

export const useApiKeys = (publisherId: string) =>
  useSWR<ReportingApiKey[], Error, ApiKey>(['integrations/api-keys', publisherId], apiFetcher, swrOptions);
export const createApiKey = (publisherId: string, body: CreateApiKey) =>
  api<CreatedApiKey>('integrations/api-keys', { method: 'POST', publisherId, body });
export const revokeApiKey = (publisherId: string, id: string) =>
  api<ReportingApiKey>(`integrations/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', publisherId });
