import useSWR from 'swr';
import type {
  BlockingRule,
  BlockingRuleHistoryEntry,
  BlockingRuleInput,
  BlockingRuleSaved,
  BlockingRuleType,
  CreatedFeedKey,
  CreateFeedKey,
  FeedKey,
  IabCategory,
  ImpactPreview,
} from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

const base = 'blocking-rules';
const rulePath = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const ruleKeys = {
  list: (publisherId: string): ApiKey => [base, publisherId],
  rule: (publisherId: string, id: string): ApiKey => [rulePath(id), publisherId],
  history: (publisherId: string, id: string): ApiKey => [`${rulePath(id)}/history`, publisherId],
};

export const useRules = (publisherId: string) => useSWR<BlockingRule[], Error, ApiKey>(ruleKeys.list(publisherId), apiFetcher, swrOptions);
export const useRule = (publisherId: string, id: string | null) =>
  useSWR<BlockingRule, Error, ApiKey | null>(id ? ruleKeys.rule(publisherId, id) : null, apiFetcher, swrOptions);
export const useRuleHistory = (publisherId: string, id: string | null) =>
  useSWR<BlockingRuleHistoryEntry[], Error, ApiKey | null>(id ? ruleKeys.history(publisherId, id) : null, apiFetcher, swrOptions);
export const useIabCategories = (enabled: boolean) =>
  useSWR<IabCategory[], Error, ApiKey | null>(enabled ? [`${base}/iab-categories`, null] : null, apiFetcher, swrOptions);

export const createRule = (publisherId: string, body: BlockingRuleInput) =>
  api<BlockingRuleSaved>(base, { method: 'POST', publisherId, body });
export const updateRule = (publisherId: string, id: string, body: BlockingRuleInput) =>
  api<BlockingRuleSaved>(rulePath(id), { method: 'PUT', publisherId, body });
export const setRulePaused = (publisherId: string, id: string, paused: boolean) =>
  api<BlockingRule>(`${rulePath(id)}/${paused ? 'pause' : 'resume'}`, { method: 'POST', publisherId });
export const deleteRule = (publisherId: string, id: string) => api<{ ok: true }>(rulePath(id), { method: 'DELETE', publisherId });
export const checkRule = (publisherId: string, body: BlockingRuleInput, ruleId?: string) =>
  api<{ values: string[]; notices: string[] }>(`${base}/check`, { method: 'POST', publisherId, body, query: { ruleId } });
export const previewImpact = (publisherId: string, body: { type: BlockingRuleType; values: string[]; siteIds: string[] | null }) =>
  api<ImpactPreview>(`${base}/impact`, { method: 'POST', publisherId, body });
export const importValues = (publisherId: string, csv: string) =>
  api<{ values: string[] }>(`${base}/values/import`, { method: 'POST', publisherId, body: { csv } });
export const exportValues = (publisherId: string, id: string) =>
  api<string>(`${rulePath(id)}/values.csv`, { publisherId, responseType: 'text' });

export const feedKeysKey = (publisherId: string): ApiKey => [`${base}/feed-keys`, publisherId];
export const useFeedKeys = (publisherId: string) => useSWR<FeedKey[], Error, ApiKey>(feedKeysKey(publisherId), apiFetcher, swrOptions);
export const createFeedKey = (publisherId: string, body: CreateFeedKey) =>
  api<CreatedFeedKey>(`${base}/feed-keys`, { method: 'POST', publisherId, body });
export const revokeFeedKey = (publisherId: string, id: string) =>
  api<FeedKey>(`${base}/feed-keys/${encodeURIComponent(id)}/revoke`, { method: 'POST', publisherId });
