import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { Routes } from '@pc/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';

/** Recirculation exists only for sites with organic recommendations (docs/product.md#routes). */
export function NoOrganicState() {
  return (
    <EmptyState
      title="Recirculation needs organic recommendations"
      icon={<Icon name="reports" />}
      action={
        <Button component={Link} to={Routes.revenueSummary} variant="light">
          Open the Revenue Summary
        </Button>
      }
    >
      The Recirculation Summary shows organic page views, clicks and CTR of recommendation widgets. None of this partner&apos;s active sites
      has organic recommendations switched on, so there is nothing to report yet. Ask your account manager to enable organic recommendations
      on a site; its figures appear here from the next day.
    </EmptyState>
  );
}
