import { z } from 'zod';
import { DayField } from './fields';
import { COMPARISON_MODES } from './report-periods';
import { DATE_PRESETS } from './report-presets';
import { parseFilterParam, unknownFilterDimension } from './report-filters';

/**
 * Why revenue moved between two periods: the change split exactly, in cents, into volume (more or
 * fewer impressions at the old eCPM) and price (the eCPM change at the new impressions), and by
 * dimension into the members that moved most and "everything else". Every split sums to the total
 * change to the cent.
 */

/** The dimensions a change is explained by, and the pair the one-sentence headline names. */
export const CHANGE_DIMENSIONS = ['sites', 'product_type', 'size', 'brand'] as const;
export type ChangeDimension = (typeof CHANGE_DIMENSIONS)[number];

/** How many members of a dimension are named; the others are summed as "everything else". */
export const CHANGE_MOVERS_SHOWN = 5;

const Day = DayField('Use a YYYY-MM-DD date.');

export const RevenueChangeQuerySchema = z
  .object({
    from: Day,
    to: Day,
    /**
     * The report preset the days came from: a "to date" preset (this month, quarter, year) is
     * compared with the same days of the previous period, as the report compares it.
     */
    preset: z.enum(DATE_PRESETS).optional(),
    compare: z.enum(COMPARISON_MODES).default('previous'),
    /** Only for compare = custom. */
    compareFrom: Day.optional(),
    compareTo: Day.optional(),
    /** The report's filters, as the report call takes them (report-filters.ts): the change of what the report shows. */
    filters: z.string().max(8000).optional(),
  })
  .superRefine((q, ctx) => {
    const filters = parseFilterParam(q.filters);
    if ('error' in filters) ctx.addIssue({ code: 'custom', path: ['filters'], message: filters.error });
    else if (unknownFilterDimension('revenue', filters.filters))
      ctx.addIssue({ code: 'custom', path: ['filters'], message: 'Filter by a dimension of the revenue report.' });
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date.' });
    if (q.compare !== 'custom') return;
    if (!q.compareFrom) ctx.addIssue({ code: 'custom', path: ['compareFrom'], message: 'Choose the comparison start date.' });
    if (!q.compareTo) ctx.addIssue({ code: 'custom', path: ['compareTo'], message: 'Choose the comparison end date.' });
    if (q.compareFrom && q.compareTo && q.compareFrom > q.compareTo)
      ctx.addIssue({ code: 'custom', path: ['compareTo'], message: 'The end date must not be before the start date.' });
  });
export type RevenueChangeQuery = z.input<typeof RevenueChangeQuerySchema>;
export type RevenueChangeQueryParsed = z.output<typeof RevenueChangeQuerySchema>;

/** Money amounts are in the publisher's currency, rounded to the cent; `cents` fields are exact integers. */
const MoneyCents = z.number().int();

/** A change split into volume (impressions at the old eCPM) and price (eCPM at the new impressions). */
export const DriverSplitSchema = z.object({
  changeCents: MoneyCents,
  volumeCents: MoneyCents,
  priceCents: MoneyCents,
});

/**
 * new: no impressions in the compared period; gone: none in the current one; volume: the eCPM held
 * (within 2 %) and the impressions moved; price: the impressions held and the eCPM moved; both.
 */
export const MOVER_EFFECTS = ['new', 'gone', 'volume', 'price', 'both'] as const;
export type MoverEffect = (typeof MOVER_EFFECTS)[number];

export const ChangeMoverSchema = DriverSplitSchema.extend({
  /** The member as the report names it (a site's name, a product type, a size, a brand). */
  value: z.string(),
  revenue: z.object({ current: z.number(), previous: z.number() }),
  impressions: z.object({ current: z.number(), previous: z.number() }),
  /** Relative changes; null when the compared value is zero. */
  impressionsRatio: z.number().nullable(),
  eCpmRatio: z.number().nullable(),
  effect: z.enum(MOVER_EFFECTS),
});
export type ChangeMover = z.infer<typeof ChangeMoverSchema>;

/**
 * The part of the price change that is a shift of impressions between members with different eCPMs
 * (a site growing while its eCPM stays flat moves the average eCPM without any price changing),
 * named when it is a quarter of the change or more, with the member that shifted most.
 */
export const MixEffectSchema = z.object({
  cents: MoneyCents,
  value: z.string(),
  shareBefore: z.number(),
  shareAfter: z.number(),
});

export const DimensionChangeSchema = z.object({
  dimension: z.enum(CHANGE_DIMENSIONS),
  movers: z.array(ChangeMoverSchema),
  /** The members not named, summed; its count is 0 when every member is named. */
  rest: z.object({ count: z.number().int(), changeCents: MoneyCents }),
  /** The price change split: members' own eCPM changes (rate) and the shift between members (mix). */
  rateCents: MoneyCents,
  mixCents: MoneyCents,
  mix: MixEffectSchema.nullable(),
});
export type DimensionChange = z.infer<typeof DimensionChangeSchema>;

/** The one-line answer: the product type on a site that moved most, with what moved it. */
export const ChangeHeadlineSchema = ChangeMoverSchema.extend({
  site: z.string(),
  productType: z.string(),
});
export type ChangeHeadline = z.infer<typeof ChangeHeadlineSchema>;

/** Why no explanation is given: the same reasons the report gives for not showing a percentage. */
export const UNEXPLAINED_REASONS = ['partialDay', 'noData', 'partialData'] as const;

export const RevenueChangeSchema = z.object({
  currency: z.string(),
  range: z.object({ from: z.string(), to: z.string() }),
  compared: z.object({ from: z.string(), to: z.string() }),
  revenue: z.object({ current: z.number(), previous: z.number() }),
  impressions: z.object({ current: z.number(), previous: z.number() }),
  /** Relative revenue change; null when the compared revenue is zero or the periods are not comparable. */
  ratio: z.number().nullable(),
  explanation: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('explained'),
      total: DriverSplitSchema,
      dimensions: z.array(DimensionChangeSchema),
      headline: ChangeHeadlineSchema.nullable(),
    }),
    z.object({ kind: z.enum(UNEXPLAINED_REASONS) }),
  ]),
});
export type RevenueChange = z.infer<typeof RevenueChangeSchema>;
