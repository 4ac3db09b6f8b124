import {
  blockingRulesEndpoints as endpoints,
  feedKeysEndpoints,
  type BlockingImpactRequest,
  type BlockingRuleInput,
  type CreateFeedKey,
} from '@pc/contracts';
import { call, endpointKey, useEndpoint } from '../../../lib/endpoints';

export const ruleKeys = {
  list: (publisherId: string) => endpointKey(endpoints.list, publisherId, {}),
};

export const useRules = (publisherId: string) => useEndpoint(endpoints.list, publisherId, {});
export const useRule = (publisherId: string, id: string | null) => useEndpoint(endpoints.get, publisherId, id ? { params: { id } } : null);
export const useRuleHistory = (publisherId: string, id: string | null) =>
  useEndpoint(endpoints.history, publisherId, id ? { params: { id } } : null);
export const useIabCategories = (enabled: boolean) => useEndpoint(endpoints.iabCategories, null, enabled ? {} : null);

export const createRule = (publisherId: string, body: BlockingRuleInput) => call(endpoints.create, { body }, { publisherId });
export const updateRule = (publisherId: string, id: string, body: BlockingRuleInput) =>
  call(endpoints.update, { params: { id }, body }, { publisherId });
export const setRulePaused = (publisherId: string, id: string, paused: boolean) =>
  call(paused ? endpoints.pause : endpoints.resume, { params: { id } }, { publisherId });
export const deleteRule = (publisherId: string, id: string) => call(endpoints.remove, { params: { id } }, { publisherId });
export const checkRule = (publisherId: string, body: BlockingRuleInput, ruleId?: string) =>
  call(endpoints.check, { body, query: { ruleId } }, { publisherId });
export const previewImpact = (publisherId: string, body: BlockingImpactRequest) => call(endpoints.impact, { body }, { publisherId });
export const importValues = (publisherId: string, csv: string) => call(endpoints.importValues, { body: { csv } }, { publisherId });
export const exportValues = (publisherId: string, id: string) => call(endpoints.valuesCsv, { params: { id } }, { publisherId });

export const useFeedKeys = (publisherId: string) => useEndpoint(feedKeysEndpoints.list, publisherId, {});
export const createFeedKey = (publisherId: string, body: CreateFeedKey) => call(feedKeysEndpoints.create, { body }, { publisherId });
export const revokeFeedKey = (publisherId: string, id: string) => call(feedKeysEndpoints.revoke, { params: { id } }, { publisherId });
