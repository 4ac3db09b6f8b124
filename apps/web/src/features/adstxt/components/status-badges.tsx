import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import type { AdsTxtItem } from '@pc/contracts';
import { redirectionColor, redirectionLabel, statusColor, statusLabel } from './status-labels';

/** The domain's ads.txt status; an error's reason shows on hover and focus and to screen readers. */
export function AdsTxtStatusBadge({
  item,
}: {
  item: Pick<AdsTxtItem, 'status' | 'missingCount' | 'errorReason'> & Partial<Pick<AdsTxtItem, 'ignoredLines'>>;
}) {
  const badge = (
    <Badge color={statusColor[item.status]} variant="light" tabIndex={item.status === 'error' ? 0 : undefined}>
      {statusLabel(item)}
      {item.status === 'error' && item.errorReason && <VisuallyHidden>: {item.errorReason}</VisuallyHidden>}
    </Badge>
  );
  if (item.status !== 'error' || !item.errorReason) return badge;
  return (
    <Tooltip label={item.errorReason} multiline maw={320} withArrow>
      {badge}
    </Tooltip>
  );
}

/** Records the advertising systems' sellers.json contradicts, counted beside the status. */
export function SellerIssuesNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge color="orange" variant="light" ml={6}>
      {count} record{count === 1 ? '' : 's'} contradicted by sellers.json
    </Badge>
  );
}

export function RedirectionBadge({ status }: { status: AdsTxtItem['ads_txt_redirection_status'] }) {
  return (
    <Badge color={redirectionColor[status]} variant="dot">
      {redirectionLabel[status]}
    </Badge>
  );
}
