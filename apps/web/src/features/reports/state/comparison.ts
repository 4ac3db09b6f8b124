import type { ComparisonMode } from '@pc/contracts';

export const COMPARE_LABELS: Record<ComparisonMode, { option: string; vs: string }> = {
  previous: { option: 'Previous period', vs: 'previous' },
  yearAgo: { option: 'Same period last year', vs: 'last year' },
  custom: { option: 'Custom period', vs: 'comparison' },
};

// Coverage and changes come from the shared calendar, so the page, the report call's comparison and
// the home page's month to date agree (@pc/contracts report-calendar).
export { coverageFromSeries, totalsChanges } from '@pc/contracts';
