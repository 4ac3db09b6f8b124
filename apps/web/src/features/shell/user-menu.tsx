import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Routes, type UserScope } from '@pc/contracts';
import { useConfig } from '../../lib/config-context';
import { useLogout, useSignedIn } from '../../lib/identity/auth-context';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { StorageKeys, writeString } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { Icon } from '../../components/ui/icons';

/** Who sees which user-menu entries (docs/product.md#roles). Pure so the rules are testable. */
export function userMenuVisibility(scope: UserScope, config: { adminAccess: boolean; consoleUrl: string | null }) {
  const admin = scope.type === 'internal' && scope.adminAccess;
  const partnersCenterAdmin = admin && config.adminAccess;
  return {
    partnersCenterAdmin,
    // Staff who are not admins (here) still get the console's read-only tabs and decide requests.
    staffAdminConsole: scope.type === 'internal' && !partnersCenterAdmin,
    goToConsole: admin && !!config.consoleUrl,
  };
}

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

export function UserMenu({ compact }: { compact: boolean }) {
  const { user, scope } = useSignedIn();
  const config = useConfig();
  const logout = useLogout();
  const show = userMenuVisibility(scope, config);

  const goToConsole = async () => {
    // Open the tab inside the click so pop-up blockers allow it, then point it at the console.
    const tab = window.open('about:blank', '_blank');
    try {
      const token = await getIdentityClient().getIdToken(true);
      if (!token || !config.consoleUrl) throw new Error('No session to hand over to the console.');
      writeString(StorageKeys.jwt, token);
      if (tab) {
        tab.opener = null;
        tab.location.href = config.consoleUrl;
      } else window.open(config.consoleUrl, '_blank', 'noopener');
    } catch (e) {
      tab?.close();
      toast.error(e instanceof Error ? e.message : 'The console could not be opened.');
    }
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" p={4}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={32}>
              {initials(user.name, user.email)}
            </Avatar>
            {!compact && (
              <Text size="sm" fw={500} maw={160} truncate>
                {user.name || user.email}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to={Routes.accountSettings}>
          Account Settings
        </Menu.Item>
        <Menu.Item component={Link} to={Routes.paymentSettings}>
          Payment Settings
        </Menu.Item>
        <Menu.Item component={Link} to={Routes.profileSettings}>
          Profile
        </Menu.Item>
        {show.partnersCenterAdmin && (
          <Menu.Item component={Link} to={Routes.adminConsole}>
            Partners Center Admin
          </Menu.Item>
        )}
        {show.staffAdminConsole && (
          <Menu.Item component={Link} to={Routes.adminConsole}>
            Admin Console (read-only)
          </Menu.Item>
        )}
        {show.goToConsole && (
          <Menu.Item onClick={() => void goToConsole()} rightSection={<Icon name="external" size={14} />}>
            Go To Console
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
