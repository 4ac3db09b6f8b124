import { apiKeysEndpoints as endpoints, type CreateApiKey } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';

export const useApiKeys = (publisherId: string) => useEndpoint(endpoints.list, publisherId, {});
export const createApiKey = (publisherId: string, body: CreateApiKey) => call(endpoints.create, { body }, { publisherId });
export const revokeApiKey = (publisherId: string, id: string) => call(endpoints.revoke, { params: { id } }, { publisherId });
