import type { ReactNode } from 'react';
import { Skeleton, Stack, type MantineSpacing } from '@mantine/core';

/**
 * The loading placeholder of a page, panel, chart or row: one polite status named by `label` (what
 * is loading), busy until it is replaced, holding `rows` skeleton bars of height `h` (one unless
 * told), or `children` when the placeholder has its own layout.
 *
 * The role is the point: an aria-label on a role-less div is a prohibited ARIA attribute (axe
 * aria-prohibited-attr), which the end-of-journey axe check reported whenever a journey ended on a
 * page still loading. `aria-busy` also tells the accessibility sweep to wait until it is gone.
 */
export function LoadingSkeleton({
  label,
  h = 22,
  rows = 1,
  gap = 8,
  children,
}: {
  label: string;
  h?: number;
  rows?: number;
  gap?: MantineSpacing | number;
  children?: ReactNode;
}) {
  return (
    <Stack role="status" aria-busy="true" aria-label={label} gap={gap}>
      {children ?? Array.from({ length: rows }, (_, i) => <Skeleton key={i} h={h} />)}
    </Stack>
  );
}
