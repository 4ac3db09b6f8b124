import { Suspense, useState } from 'react';
import { AppShell, Box, Burger, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import { Limits, Routes } from '@pc/contracts';
import { StorageKeys, readString, writeString } from '../../lib/storage';
import { useConfig } from '../../lib/config-context';
import { useSignedIn } from '../../lib/identity/auth-context';
import { useChosenPublisherId } from '../../lib/chosen-publisher';
import { hasActiveOrganicSite, usePublisherDetails } from '../../lib/data/use-publisher-data';
import { Logo } from '../../components/ui/logo';
import { Icon } from '../../components/ui/icons';
import { PageLoader } from '../../components/ui/spinner';
import { FeatureGate } from '../../lib/feature-flags/feature-gate';
import { pathVisible } from '../../lib/feature-flags/feature-areas';
import { useFeatureFlags } from '../../lib/feature-flags/use-feature-flags';
import { buildNavItems, visibleNavItems } from './nav-items';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';
import { HelpMenu } from './help-menu';
import { AccountSwitcher } from './account-switcher';
import { ReportReadyBanner } from './report-ready-banner';
import { ViewingAsBar } from './viewing-as-bar';
import { useShellEffects } from './use-shell-effects';
import classes from './sidebar.module.css';

const WIDE_QUERY = `(min-width: ${Limits.wideLayoutBreakpointPx}px)`;
const HEADER_HEIGHT = 60;

/** The shell (docs/product.md#top-bar): top bar, sidebar (256/56 px on wide screens, hidden on mobile). */
export function ShellLayout() {
  const config = useConfig();
  const { scope } = useSignedIn();
  const publisherId = useChosenPublisherId();
  const { data: details } = usePublisherDetails(publisherId);
  const wide = useMediaQuery(WIDE_QUERY, typeof window !== 'undefined' && window.matchMedia?.(WIDE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  // The collapsed rail is remembered on this device.
  const [collapsed, setCollapsedState] = useState(() => readString(StorageKeys.sidebarCollapsed) === 'true');
  const setCollapsed = (update: (c: boolean) => boolean) =>
    setCollapsedState((c) => {
      const next = update(c);
      writeString(StorageKeys.sidebarCollapsed, String(next));
      return next;
    });
  const [mobileOpen, mobile] = useDisclosure(false);
  useShellEffects(publisherId);

  const flags = useFeatureFlags();
  const { pathname } = useLocation();
  const items = visibleNavItems(buildNavItems({ organic: hasActiveOrganicSite(details), config }), (path) =>
    pathVisible(path, flags.enabled),
  );
  const railCollapsed = wide && collapsed;
  const showSwitcher = scope.type === 'internal' || scope.type === 'external_multiple';
  const showNavbar = wide || mobileOpen;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: railCollapsed ? Limits.sidebarCollapsedWidthPx : Limits.sidebarOpenWidthPx,
        breakpoint: `${Limits.wideLayoutBreakpointPx / 16}em`,
        collapsed: { mobile: !mobileOpen, desktop: false },
      }}
      padding={0}
    >
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <AppShell.Header px="md">
        <ShellTopBar
          wide={wide}
          mobileOpen={mobileOpen}
          onBurger={mobile.toggle}
          showSwitcher={showSwitcher}
          publisherId={publisherId}
          publisherName={details?.name}
        />
      </AppShell.Header>

      {showNavbar && (
        <AppShell.Navbar component="nav" aria-label="Main navigation" p={railCollapsed ? 8 : 'sm'}>
          <AppShell.Section grow component={ScrollArea} type="never">
            <Sidebar items={items} collapsed={railCollapsed} onNavigate={mobile.close} />
          </AppShell.Section>
          {wide && (
            <AppShell.Section pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <UnstyledButton
                className={classes.item}
                data-collapsed={railCollapsed || undefined}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
                onClick={() => setCollapsed((c) => !c)}
              >
                <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
                {!railCollapsed && <span className={classes.label}>Collapse</span>}
              </UnstyledButton>
            </AppShell.Section>
          )}
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <ViewingAsBar />
        <ReportReadyBanner />
        <Box id="main-content" tabIndex={-1} p={wide ? 'xl' : 'md'} maw={1280} mx="auto">
          <Suspense fallback={<PageLoader />}>
            <FeatureGate path={pathname}>
              <Outlet />
            </FeatureGate>
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

/** The top bar: menu button (narrow screens), product name, the account shown or switched, help and user menus. */
function ShellTopBar({
  wide,
  mobileOpen,
  onBurger,
  showSwitcher,
  publisherId,
  publisherName,
}: {
  wide: boolean;
  mobileOpen: boolean;
  onBurger: () => void;
  showSwitcher: boolean;
  publisherId: string | null | undefined;
  publisherName: string | undefined;
}) {
  const config = useConfig();
  return (
    <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {!wide && (
          <Burger opened={mobileOpen} onClick={onBurger} size="sm" aria-label={mobileOpen ? 'Close navigation' : 'Open navigation'} />
        )}
        <UnstyledButton component={Link} to={Routes.home} aria-label={`${config.productName} home`}>
          <Group gap={8} wrap="nowrap">
            <Logo size={28} title={`${config.productName} logo`} />
            {wide && (
              <Text fw={700} size="md">
                {config.productName}
              </Text>
            )}
          </Group>
        </UnstyledButton>
        {showSwitcher && publisherId && <AccountSwitcher publisherId={publisherId} publisherName={publisherName} compact={!wide} />}
        {!showSwitcher && publisherName && wide && (
          <Text size="sm" c="dimmed" truncate>
            {publisherName}
          </Text>
        )}
      </Group>
      <Group gap={4} wrap="nowrap">
        <HelpMenu />
        <UserMenu compact={!wide} />
      </Group>
    </Group>
  );
}
