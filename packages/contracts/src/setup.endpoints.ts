import { endpoint } from './endpoint';
import { SetupChecklistSchema } from './setup';

/** The chosen publisher's setup checklist (/media-owners-cloud-setup and the home card). */
export const setupEndpoints = {
  checklist: endpoint({
    method: 'GET',
    path: '/api/setup',
    operationId: 'getSetupChecklist',
    summary: "The publisher's setup steps, for the account and each site, and which are done",
    tags: ['setup'],
    access: 'publisher',
    response: SetupChecklistSchema,
  }),
} as const;
