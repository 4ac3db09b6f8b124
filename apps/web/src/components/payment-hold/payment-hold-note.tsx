import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { Routes } from '@pc/contracts';
import { useConfig } from '../../lib/config-context';

/** A hold that a tax form lifts: staff write the reason freely, so it is recognised by its words. */
export const isTaxFormHold = (reason: string | null) => reason !== null && /tax\s*form/i.test(reason);

/**
 * Why a payment is on hold and what lifts it, as visible text (read on touch screens and by keyboard
 * alike, never in a hover tooltip): a missing tax form points to Payment settings, where it is
 * uploaded; any other hold points to support, the only ones who can lift it. `what` names the
 * payment where the note stands apart from it ("March 2026 payment").
 */
export function PaymentHoldNote({ reason, what, testId }: { reason: string | null; what?: string; testId?: string }) {
  const { links } = useConfig();
  return (
    <Text size="xs" c="bright" data-testid={testId}>
      {what ? `${what} on hold` : 'On hold'}: {reason?.trim().replace(/[.\s]+$/, '') || 'no reason given'}.{' '}
      {isTaxFormHold(reason) ? (
        <Anchor component={Link} to={Routes.paymentSettings} size="xs" fw={600}>
          Upload your tax form in Payment settings
        </Anchor>
      ) : (
        <Anchor href={links.supportTicket} target="_blank" rel="noopener noreferrer" size="xs" fw={600}>
          Ask support to release it
        </Anchor>
      )}
    </Text>
  );
}
