import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatCount } from '../../../lib/format/number-format';

/** What a row's mark says: which of its figures are estimated, and from what sample. */
export function estimateText(oneIn: number, what: string): string {
  return `${what} estimated from a 1-in-${formatCount(oneIn)} sample`;
}

/**
 * Beside a row's name when its figures come from a sampled site (one page load in `oneIn`
 * recorded): the page's notice says the totals are estimates, this says which rows are. Nothing
 * for an exact site.
 */
export function EstimateMark({ oneIn, what }: { oneIn: number | undefined; what: string }) {
  if (!oneIn || oneIn <= 1) return null;
  const text = estimateText(oneIn, what);
  return (
    <Tooltip label={text} multiline w={240} withArrow>
      <Badge size="xs" variant="light" color="blue" ml={6} tabIndex={0} style={{ verticalAlign: 'middle' }}>
        Estimated
        <VisuallyHidden>: {text}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
