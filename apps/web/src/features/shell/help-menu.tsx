import { ActionIcon, Menu } from '@mantine/core';
import { TrackingEvents } from '@pc/contracts';
import { Icon } from '../../components/ui/icons';
import { useConfig } from '../../lib/config-context';
import { track } from '../../lib/tracking/track';

/**
 * The top bar's help menu: where a user looks for support. Every address is configured (spec's
 * external links; docs/operations.md) and opens in a new tab; Help Center records its event.
 */
export function HelpMenu() {
  const { links } = useConfig();
  const items = [
    { label: 'Help Center', href: links.helpCenter, onClick: () => track(TrackingEvents.helpCenter, { from: 'help_menu' }) },
    { label: 'Support solutions', href: links.supportSolutions },
    { label: 'Open a support ticket', href: links.supportTicket },
    { label: 'Get in touch', href: links.getInTouch },
  ];
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Help and support">
          <Icon name="help" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((i) => (
          <Menu.Item
            key={i.label}
            component="a"
            href={i.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={i.onClick}
            rightSection={<Icon name="external" size={14} />}
          >
            {i.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
