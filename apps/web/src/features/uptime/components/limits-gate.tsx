import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from '@mantine/core';
import { Routes, type MonitorLimits } from '@pc/contracts';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

/**
 * The form needs the plan's limits (shortest interval); creating also needs a free monitor slot.
 * A full plan says so before the user fills the form in, instead of after.
 */
export function LimitsGate(props: {
  limits: { data?: MonitorLimits; error?: Error; isLoading: boolean; mutate: () => unknown };
  creating?: boolean;
  children: (l: MonitorLimits) => ReactNode;
}) {
  const { data, error, isLoading, mutate } = props.limits;
  if (error) return <LoadErrorAlert title="Your plan's limits could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingSkeleton label="Loading the form" h={420} />;
  if (props.creating && data.used >= data.maxMonitors)
    return (
      <Alert color="yellow" title="Your plan's monitors are all in use">
        Your plan allows {data.maxMonitors} monitors and all are in use. Delete one you no longer need, or see the plans for more.
        <div>
          <Button mt="sm" size="xs" variant="light" component={Link} to={Routes.myPlans}>
            See my plan
          </Button>
        </div>
      </Alert>
    );
  return props.children(data);
}
