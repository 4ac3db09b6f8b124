import { Group, Text } from '@mantine/core';
import { Logo } from './logo';

/** Logo and product name above the card of the full-page screens (sign-in, partner selection). */
export function ProductMark({ productName }: { productName: string }) {
  return (
    <Group gap="sm" justify="center">
      <Logo size={40} title={`${productName} logo`} />
      <Text fw={700} size="xl">
        {productName}
      </Text>
    </Group>
  );
}
