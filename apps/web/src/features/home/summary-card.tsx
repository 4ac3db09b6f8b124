import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { CardLoadError } from './card-load-error';

export interface SummaryFigure {
  label: string;
  value: ReactNode;
  /** The e2e and unit tests read the figure by this id. */
  testId: string;
  /** Red when the figure asks for action (something down or open). */
  alert?: boolean;
  note?: ReactNode;
}

interface SummaryCardProps {
  title: string;
  /** What a screen reader calls the card, e.g. "Payments summary". */
  label: string;
  link?: { to: string; text: string };
  /** The card's SWR state: the error wins, then loading, then the figures. */
  state: { error?: Error; loading: boolean; retry: () => void };
  /** Shown instead of the figures when the area has nothing yet (with what to do first). */
  empty?: ReactNode;
  figures: SummaryFigure[];
  footer?: ReactNode;
  loadingTestId?: string;
}

/**
 * One home summary card (payments, incidents, uptime monitors): a title with its link, then the
 * card's load error with Retry, a skeleton, an empty state or side-by-side figures. Written once so
 * every card reads, loads and fails the same way (docs/architecture.md, "Home").
 */
export function SummaryCard({ title, label, link, state, empty, figures, footer, loadingTestId }: SummaryCardProps) {
  return (
    <Card role="region" h="100%" aria-label={label}>
      <Group justify="space-between">
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          {title}
        </Text>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.text}
          </Anchor>
        )}
      </Group>
      {state.error ? (
        <CardLoadError what={title} error={state.error} onRetry={state.retry} />
      ) : state.loading ? (
        <Skeleton h={50} mt="sm" data-testid={loadingTestId} />
      ) : empty ? (
        <Stack gap={4} mt="sm" align="start">
          {empty}
        </Stack>
      ) : (
        <>
          <Group grow mt="sm" align="start">
            {figures.map((f) => (
              <Stack gap={2} key={f.testId}>
                <Text size="xs" c="dimmed">
                  {f.label}
                </Text>
                {/* A div, not a paragraph: a value may be a list of rows (the top sites at risk). */}
                <Text component="div" fw={700} c={f.alert ? 'red' : undefined} data-testid={f.testId}>
                  {f.value}
                </Text>
                {f.note && (
                  <Text size="xs" c="dimmed">
                    {f.note}
                  </Text>
                )}
              </Stack>
            ))}
          </Group>
          {footer && (
            <Text component="div" size="xs" c="dimmed" mt={4}>
              {footer}
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
