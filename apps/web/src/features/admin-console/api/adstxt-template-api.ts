import { adsTxtTemplateEndpoints as endpoints } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';

/** The provider-wide ads.txt template is not publisher-scoped: its key carries no publisher. */
export const useAdsTxtTemplate = () => useEndpoint(endpoints.get, null, {});

export const previewAdsTxtTemplate = (content: string) => call(endpoints.preview, { body: { content } }, { publisherId: null });
export const saveAdsTxtTemplate = (content: string) => call(endpoints.set, { body: { content } }, { publisherId: null });
