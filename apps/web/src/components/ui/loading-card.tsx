import { Card, Skeleton, Stack } from '@mantine/core';

/** The loading state of a page or panel of cards: a labelled, busy region with three bars. */
export function LoadingCard({ label }: { label: string }) {
  return (
    <Card role="region" aria-busy="true" aria-label={label}>
      <Stack gap={10}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={22} />
        ))}
      </Stack>
    </Card>
  );
}
