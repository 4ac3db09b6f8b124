import { Badge } from '@mantine/core';
import type { DataIntegrationStatus, ProductStatus, SitePlanStatus } from '@pc/contracts';

const PLAN_COLOR: Record<SitePlanStatus, string> = {
  'Fully Onboarded': 'green',
  'Site Integration': 'blue',
  'Data Integration': 'grape',
  'Non-Onboarded': 'gray',
};
const PRODUCT_LABEL: Record<ProductStatus, [string, string]> = {
  NOT_ACTIVATED: ['Not activated', 'gray'],
  PENDING: ['Activation pending', 'yellow'],
  ACTIVATED: ['Activated', 'green'],
};
const INTEGRATION_LABEL: Record<DataIntegrationStatus, [string, string]> = {
  INITIATED: ['Waiting for our team', 'yellow'],
  CANCELLED: ['Cancelled', 'gray'],
  CONFIRMED: ['Confirmed', 'green'],
};

export function PlanStatusBadge({ status }: { status: SitePlanStatus }) {
  return (
    <Badge color={PLAN_COLOR[status]} variant="light">
      {status}
    </Badge>
  );
}

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const [label, color] = PRODUCT_LABEL[status];
  return (
    <Badge color={color} variant="light" data-status={status}>
      {label}
    </Badge>
  );
}

export function IntegrationStatusBadge({ status }: { status: DataIntegrationStatus }) {
  const [label, color] = INTEGRATION_LABEL[status];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
