import { Card, Skeleton, Stack } from '@mantine/core';

/** The loading state of a page, panel or table: a labelled, busy region with `rows` bars (three unless told). */
export function LoadingCard({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Card role="region" aria-busy="true" aria-label={label}>
      <Stack gap={10}>
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} h={22} />
        ))}
      </Stack>
    </Card>
  );
}
