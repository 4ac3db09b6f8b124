import type { AdsTxtProblemSeverity } from './ads-txt-types';
import { parseAdsTxt } from './parse-ads-txt';

/** The ids a required-lines template may reference as `{name}`; each publisher's own value fills them in. */
export const ADSTXT_TEMPLATE_PLACEHOLDERS = ['publisher_id', 'pub_an_id', 'appnexus_marketplace_id', 'appnexus_direct_id'] as const;

/**
 * Distinct stand-in values per placeholder: lines that differ only by which id they reference must
 * not look like duplicates (or DIRECT/RESELLER conflicts) to the parser when the template is checked.
 */
const SAMPLE: Record<(typeof ADSTXT_TEMPLATE_PLACEHOLDERS)[number], string> = {
  publisher_id: '40001',
  pub_an_id: '10001',
  appnexus_marketplace_id: '20001',
  appnexus_direct_id: '30001',
};

export interface TemplateProblem {
  /** 1-based line of the template; 0 = the template as a whole. */
  line: number;
  severity: AdsTxtProblemSeverity;
  code: string;
  reason: string;
}

/**
 * Checks a required-lines template with the same ads.txt parser the crawler and the publisher's
 * editor use, after filling each placeholder with a stand-in id. An unknown `{name}` is an error: it
 * would reach every publisher's file literally. An empty template is allowed (nothing is required).
 */
export function checkAdsTxtTemplate(content: string): TemplateProblem[] {
  if (content.trim() === '') return [];
  const problems: TemplateProblem[] = [];
  const filledLines = content.split(/\r\n?|\n/).map((line, i) =>
    line.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
      if (name in SAMPLE) return SAMPLE[name as keyof typeof SAMPLE];
      problems.push({
        line: i + 1,
        severity: 'error',
        code: 'unknown_placeholder',
        reason: `Unknown placeholder ${whole}: use one of ${ADSTXT_TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
      });
      return whole;
    }),
  );
  for (const p of parseAdsTxt(filledLines.join('\n')).problems) problems.push({ ...p });
  return problems.sort((a, b) => a.line - b.line);
}

/** The first blocking problem as one sentence for a form field, or null when the template can be saved. */
export function templateError(problems: TemplateProblem[]): string | null {
  const first = problems.find((p) => p.severity === 'error');
  if (!first) return null;
  const more = problems.filter((p) => p.severity === 'error').length - 1;
  return `${first.line > 0 ? `Line ${first.line}: ` : ''}${first.reason}${more > 0 ? ` (${more} more error${more === 1 ? '' : 's'})` : ''}`;
}
