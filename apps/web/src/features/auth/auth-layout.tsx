import type { ReactNode } from 'react';
import { Anchor, Group } from '@mantine/core';
import { PublicFrame } from '../../components/ui/public-frame';
import { useConfig } from '../../lib/config-context';

/** The frame of the public pages (sign-in, forgot password), with the policy links below it. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const config = useConfig();
  const footer = (
    <Group justify="center" gap="lg">
      <Anchor href={config.links.privacyPolicy} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
        Privacy Policy
      </Anchor>
      <Anchor href={config.links.termsOfService} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
        Terms of Service
      </Anchor>
      <Anchor href={config.links.getInTouch} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
        Get in touch
      </Anchor>
    </Group>
  );
  return (
    <PublicFrame title={title} subtitle={subtitle} footer={footer}>
      {children}
    </PublicFrame>
  );
}
