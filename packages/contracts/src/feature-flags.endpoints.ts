import { z } from 'zod';
import { ApiErrorSchema } from './api-error';
import { endpoint, OkSchema } from './endpoint';
import {
  EffectiveFlagSchema,
  FlagDefinitionInputSchema,
  FlagDefinitionPatchSchema,
  FlagDefinitionSchema,
  FlagKeySchema,
  FlagOverrideInputSchema,
  FlagOverrideSchema,
} from './feature-flags';

const tags = ['feature flags'] as const;

export const FlagKeyParamsSchema = z.object({ key: FlagKeySchema });
export const FlagOverrideParamsSchema = z.object({ key: FlagKeySchema, publisherId: z.string().min(1).max(64) });
export const FlagPublisherParamsSchema = z.object({ publisherId: z.string().min(1).max(64) });

/** Feature flags: the selected publisher's effective values, and the admin's definitions and per-partner overrides. */
export const featureFlagsEndpoints = {
  effective: endpoint({
    method: 'GET',
    path: '/api/feature-flags',
    operationId: 'listFeatureFlags',
    summary: "The publisher's effective feature flags: its override where one is set, else the default",
    tags,
    access: 'publisher',
    response: z.array(EffectiveFlagSchema),
  }),
  definitions: endpoint({
    method: 'GET',
    path: '/api/admin/feature-flags',
    operationId: 'listFeatureFlagDefinitions',
    summary: 'Every feature flag with its shape, default and how many partners override it',
    tags,
    access: 'admin',
    response: z.array(FlagDefinitionSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/feature-flags',
    operationId: 'createFeatureFlag',
    summary: 'Define a new feature flag with its shape and default value',
    tags,
    access: 'admin',
    body: FlagDefinitionInputSchema,
    response: FlagDefinitionSchema,
    otherResponses: { 409: ApiErrorSchema },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/admin/feature-flags/:key',
    operationId: 'updateFeatureFlag',
    summary: "Change a feature flag's description, badges or default value",
    tags,
    access: 'admin',
    params: FlagKeyParamsSchema,
    body: FlagDefinitionPatchSchema,
    response: FlagDefinitionSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/feature-flags/:key',
    operationId: 'deleteFeatureFlag',
    summary: 'Delete a feature flag',
    description: 'Deletes the flag, its overrides and its value in every plan (one transaction, audited with all of them).',
    tags,
    access: 'admin',
    params: FlagKeyParamsSchema,
    response: OkSchema,
  }),
  overrides: endpoint({
    method: 'GET',
    path: '/api/admin/feature-flags/:key/overrides',
    operationId: 'listFeatureFlagOverrides',
    summary: "A feature flag's per-partner values, each set by an admin or by the partner's plan",
    tags,
    access: 'admin',
    params: FlagKeyParamsSchema,
    response: z.array(FlagOverrideSchema),
  }),
  setOverride: endpoint({
    method: 'PUT',
    path: '/api/admin/feature-flags/:key/overrides/:publisherId',
    operationId: 'setFeatureFlagOverride',
    summary: "Set a partner's own value of a feature flag",
    tags,
    access: 'admin',
    params: FlagOverrideParamsSchema,
    body: FlagOverrideInputSchema,
    response: OkSchema,
  }),
  clearOverride: endpoint({
    method: 'DELETE',
    path: '/api/admin/feature-flags/:key/overrides/:publisherId',
    operationId: 'clearFeatureFlagOverride',
    summary: "Clear a partner's override: the flag follows the partner's plan again, else its default",
    tags,
    access: 'admin',
    params: FlagOverrideParamsSchema,
    response: OkSchema,
  }),
  publisherFlags: endpoint({
    method: 'GET',
    path: '/api/admin/publishers/:publisherId/feature-flags',
    operationId: 'listPublisherFeatureFlags',
    summary: "A partner's effective feature flags as an admin sees them, without switching to that partner",
    tags,
    access: 'admin',
    params: FlagPublisherParamsSchema,
    response: z.array(EffectiveFlagSchema),
  }),
} as const;
