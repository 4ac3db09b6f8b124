import { z } from 'zod';

/**
 * The setup checklist (/media-owners-cloud-setup): the steps that make the portal
 * useful, each computed by the server from real state, never ticked by hand. Account steps hold
 * for the publisher; site steps are repeated for each active site.
 */
export const SetupStepIdSchema = z.enum(['site-added', 'site-tag', 'ads-txt', 'monitor', 'payment-settings', 'teammate']);
export type SetupStepId = z.infer<typeof SetupStepIdSchema>;

export const SetupStepSchema = z.object({
  id: SetupStepIdSchema,
  title: z.string(),
  done: z.boolean(),
  /** What is true now, or what is left to do. */
  detail: z.string(),
  /** Where to take the step (or see it done): an app route, or an outside address when `external`. */
  link: z.object({ label: z.string(), href: z.string(), external: z.boolean() }),
});
export type SetupStep = z.infer<typeof SetupStepSchema>;

export const SetupSiteSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  domain: z.string(),
  steps: z.array(SetupStepSchema),
  done: z.number().int(),
  total: z.number().int(),
});
export type SetupSite = z.infer<typeof SetupSiteSchema>;

export const SetupChecklistSchema = z.object({
  account: z.array(SetupStepSchema),
  sites: z.array(SetupSiteSchema),
  /** Steps done and in all (account steps plus each site's steps). */
  done: z.number().int(),
  total: z.number().int(),
  /** Every step done: the home page stops showing its card. */
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof SetupChecklistSchema>;

/** Whole percent of steps done (0 for an empty checklist). */
export const setupProgress = (c: Pick<SetupChecklist, 'done' | 'total'>): number =>
  c.total === 0 ? 0 : Math.floor((c.done / c.total) * 100);
