import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { Routes } from '@pc/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { ApiRequestError } from '../../../lib/api-error';

/** A monitor that is gone (deleted), another partner's, or could not be loaded. */
export function MissingMonitor({ error, retry }: { error: Error; retry: () => void }) {
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 403))
    return (
      <EmptyState
        title={error.status === 404 ? 'This monitor does not exist' : 'This monitor belongs to another partner'}
        action={
          <Button component={Link} to={Routes.uptimeMonitoring}>
            Back to the monitors
          </Button>
        }
      >
        {error.status === 404
          ? 'It may have been deleted. The list shows the monitors of the partner you chose.'
          : 'Choose that partner first, or open one of your own monitors.'}
      </EmptyState>
    );
  return <LoadErrorAlert title="The monitor could not be loaded" message={error.message} onRetry={retry} />;
}
