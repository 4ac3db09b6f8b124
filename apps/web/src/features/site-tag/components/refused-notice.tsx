import { Alert } from '@mantine/core';
import { formatCount } from '../../../lib/format/number-format';

/** How many events the collection limits refused in the period (shown only when some were). */
export function RefusedNotice({ refused }: { refused: number | undefined }) {
  if (!refused) return null;
  return (
    <Alert color="yellow" variant="light" title="Events refused">
      {refused === 1 ? '1 event was' : `${formatCount(refused)} events were`} refused in this period: the site or a single visitor address
      sent more events per second than collection accepts. Figures do not include them.
    </Alert>
  );
}
