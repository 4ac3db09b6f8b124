import { Badge } from '@mantine/core';
import type { MonitorStatus } from '@pc/contracts';
import { STATUS_COLOR, STATUS_LABEL } from '../state/monitor-format';

export function StatusBadge({ status }: { status: MonitorStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant={status === 'down' ? 'filled' : 'light'} data-testid="monitor-status">
      {STATUS_LABEL[status]}
    </Badge>
  );
}
