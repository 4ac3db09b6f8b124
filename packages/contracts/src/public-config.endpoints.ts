import { endpoint } from './endpoint';
import { PublicConfigSchema } from './public-config';

/** What the web app needs before it can sign anyone in. */
export const publicConfigEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/config',
    operationId: 'getPublicConfig',
    summary: 'The settings the web app needs before sign-in: product name, identity, analytics ids and links',
    tags: ['config'],
    access: 'public',
    response: PublicConfigSchema,
    sharedErrors: false,
  }),
} as const;
