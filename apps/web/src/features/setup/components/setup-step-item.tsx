import { Link } from 'react-router';
import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { SetupStep } from '@pc/contracts';
import { Icon } from '../../../components/ui/icons';

/** One checklist step: done or not (said in words too, not by the icon alone), what is left, and where to take it. */
export function SetupStepItem({ step }: { step: SetupStep }) {
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm" data-step={step.id} data-done={step.done}>
      <ThemeIcon
        radius="xl"
        size={26}
        variant={step.done ? 'filled' : 'outline'}
        color={step.done ? 'green' : 'gray'}
        aria-hidden="true"
        style={{ flexShrink: 0 }}
      >
        {step.done ? <Icon name="check" size={16} /> : null}
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1 }}>
        <Text fw={600} size="sm">
          {step.title}
          <Text component="span" size="xs" c={step.done ? 'green' : 'dimmed'} ml={8}>
            {step.done ? 'Done' : 'To do'}
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          {step.detail}
        </Text>
        {step.link.external ? (
          <Anchor href={step.link.href} target="_blank" rel="noopener noreferrer" size="sm">
            {step.link.label}
          </Anchor>
        ) : (
          <Anchor component={Link} to={step.link.href} size="sm">
            {step.link.label}
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}
