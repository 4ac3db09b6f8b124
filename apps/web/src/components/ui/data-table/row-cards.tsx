import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';

export interface RowCardField {
  label: string;
  value: ReactNode;
  /** A tooltip-like note on the value (why it is missing, whether it may change). */
  title?: string;
}

export interface RowCard {
  key: string;
  /** The row's identity: its dimension values, or its name. */
  title: ReactNode;
  /** Badges or marks after the title. */
  marks?: ReactNode;
  fields: RowCardField[];
  italic?: boolean;
  testId?: string;
}

/**
 * The shared data table's phone layout: each row a card, its identity as the title and its figures
 * as label and value pairs, so no figure hides behind a sideways scroll.
 */
export function RowCards({ label, cards }: { label: string; cards: RowCard[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
      {cards.map((card) => (
        <Paper component="li" key={card.key} withBorder p="xs" data-testid={card.testId} fs={card.italic ? 'italic' : undefined}>
          <Group gap={6} mb={4} wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {card.title}
            </Text>
            {card.marks}
          </Group>
          <Stack component="dl" gap={2} m={0}>
            {card.fields.map((f) => (
              <Group key={f.label} justify="space-between" wrap="nowrap" gap="sm" title={f.title}>
                <Text component="dt" size="sm" c="dimmed">
                  {f.label}
                </Text>
                <Text component="dd" size="sm" m={0} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {f.value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
