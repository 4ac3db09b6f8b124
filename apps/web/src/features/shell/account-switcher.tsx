import { useState } from 'react';
import { Button, Popover, Text } from '@mantine/core';
import type { Partner } from '@pc/contracts';
import { usePartners } from '../../lib/data/use-publisher-data';
import { selectPartner } from '../../lib/select-partner';
import { PartnerSearch } from '../../components/partner-picker/partner-search';
import { Icon } from '../../components/ui/icons';

/** The account-switcher popover (internal and multi-publisher users only; the shell decides). */
export function AccountSwitcher({
  publisherId,
  publisherName,
  compact,
}: {
  publisherId: string;
  publisherName: string | undefined;
  compact: boolean;
}) {
  const [opened, setOpened] = useState(false);
  // Refetched when opened: a partner created meanwhile (in the admin console, or by another admin) is listed.
  const { data, isLoading, mutate } = usePartners();
  const current = publisherName ?? data?.find((p) => p.publisherId === publisherId)?.name ?? publisherId;

  const choose = (p: Partner) => {
    setOpened(false);
    if (p.publisherId !== publisherId) selectPartner(p.publisherId);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={360} shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          aria-label="Switch partner"
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => {
            if (!opened) void mutate();
            setOpened((o) => !o);
          }}
          rightSection={<Icon name="chevronDown" size={14} />}
          leftSection={<Icon name="switch" size={16} />}
          maw={compact ? 180 : 320}
        >
          <Text component="span" size="sm" truncate>
            {current}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Switch partner">
        <Text size="xs" c="dimmed" mb={6}>
          Current partner: {current} ({publisherId})
        </Text>
        <PartnerSearch partners={data} loading={isLoading} selectedId={publisherId} onSelect={choose} autoFocus />
      </Popover.Dropdown>
    </Popover>
  );
}
