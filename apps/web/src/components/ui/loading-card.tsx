import { Card } from '@mantine/core';
import { LoadingSkeleton } from './loading-skeleton';

/** The loading state of a page, panel or table: a card holding a loading status with `rows` bars (three unless told). */
export function LoadingCard({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Card>
      <LoadingSkeleton label={label} rows={rows} gap={10} />
    </Card>
  );
}
