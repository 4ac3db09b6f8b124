import { z } from 'zod';

/** What /api/mp accepts; the event names are in tracking-events.ts (kept free of zod for the web's first bundle). */
export const TrackingEventSchema = z.object({
  event: z.string().trim().min(1).max(100),
  /** dd/MM/yyyy, HH:mm:ss as the spec requires. */
  timestamp: z.string().regex(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/, 'timestamp must be dd/MM/yyyy, HH:mm:ss'),
  scope: z
    .object({
      type: z.enum(['internal', 'external_single', 'other']),
      adminAccess: z.boolean(),
      mediaOwnerId: z.string().nullable(),
      mediaOwners: z.array(z.string()),
    })
    .nullable()
    .optional(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;
