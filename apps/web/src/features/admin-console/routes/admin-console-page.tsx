import { Stack, Tabs } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { Routes } from '@pc/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useConfig } from '../../../lib/config-context';
import { useSignedIn } from '../../../lib/identity/auth-context';
import { AdsTxtTemplateTab } from '../components/adstxt-template-tab';
import { AuditTab } from '../components/audit-tab';
import { DataLoadsTab } from '../components/data-loads-tab';
import { DomainClaimsTab } from '../components/domain-claims-tab';
import { FlagsTab } from '../components/flags-tab';
import { InvitationsTab } from '../components/invitations-tab';
import { OutboxTab } from '../components/outbox-tab';
import { PartnersTab } from '../components/partners-tab';
import { RequestsTab } from '../components/requests-tab';
import { UsageTab } from '../components/usage-tab';
import { UsersTab } from '../components/users-tab';

const TABS = [
  'partners',
  'requests',
  'users',
  'invitations',
  'feature-flags',
  'usage',
  'outbox',
  'audit',
  'adstxt-template',
  'data-loads',
  'domain-claims',
] as const;
type Tab = (typeof TABS)[number];

/**
 * The provider's console. Admins see every tab and can change things; staff without admin access
 * get the read-only partners, users and usage, and decide publishers' requests and app domain claims (the API enforces the same split); everyone else is refused.
 */
export function AdminConsolePage() {
  const { scope } = useSignedIn();
  const config = useConfig();
  const navigate = useNavigate();
  const params = useParams();
  const isAdmin = scope.type === 'internal' && scope.adminAccess && config.adminAccess;
  const isStaff = scope.type === 'internal';
  const requested = (params['*'] ?? '').split('/')[0] as Tab;
  const tabs: readonly Tab[] = isAdmin ? TABS : ['partners', 'requests', 'users', 'usage', 'domain-claims'];
  const tab: Tab = tabs.includes(requested) ? requested : 'partners';

  return (
    <Stack gap="lg">
      <PageHeader
        title="Admin console"
        purpose="Onboard partners and their sites, manage users and invitations, set feature flags per partner, follow product usage and outgoing e-mail."
      />
      {!isStaff ? (
        <EmptyState title="Administrators only" icon={<Icon name="shield" />}>
          This area is available to the provider&apos;s administrators. Ask your account manager if you need something changed.
        </EmptyState>
      ) : (
        <Tabs value={tab} onChange={(v) => v && void navigate(`${Routes.adminConsole}${v}`)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="partners">Partners and sites</Tabs.Tab>
            <Tabs.Tab value="requests">Requests</Tabs.Tab>
            <Tabs.Tab value="users">Users</Tabs.Tab>
            {isAdmin && <Tabs.Tab value="invitations">Invitations</Tabs.Tab>}
            {isAdmin && <Tabs.Tab value="feature-flags">Feature flags</Tabs.Tab>}
            <Tabs.Tab value="usage">Usage</Tabs.Tab>
            {isAdmin && <Tabs.Tab value="outbox">E-mail outbox</Tabs.Tab>}
            {isAdmin && <Tabs.Tab value="audit">Audit log</Tabs.Tab>}
            {isAdmin && <Tabs.Tab value="adstxt-template">Ads.txt template</Tabs.Tab>}
            {isAdmin && <Tabs.Tab value="data-loads">Data loads</Tabs.Tab>}
            <Tabs.Tab value="domain-claims">Domain claims</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="partners" pt="md">
            <PartnersTab canEdit={isAdmin} />
          </Tabs.Panel>
          {/* Plan changes and service requests: any provider staff member decides them (API access 'staff'). */}
          <Tabs.Panel value="requests" pt="md">
            <RequestsTab />
          </Tabs.Panel>
          <Tabs.Panel value="users" pt="md">
            <UsersTab canEdit={isAdmin} />
          </Tabs.Panel>
          {isAdmin && (
            <Tabs.Panel value="invitations" pt="md">
              <InvitationsTab />
            </Tabs.Panel>
          )}
          {isAdmin && (
            <Tabs.Panel value="feature-flags" pt="md">
              <FlagsTab />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="usage" pt="md">
            <UsageTab />
          </Tabs.Panel>
          {isAdmin && (
            <Tabs.Panel value="outbox" pt="md">
              <OutboxTab />
            </Tabs.Panel>
          )}
          {isAdmin && (
            <Tabs.Panel value="audit" pt="md">
              <AuditTab />
            </Tabs.Panel>
          )}
          {isAdmin && (
            <Tabs.Panel value="adstxt-template" pt="md">
              <AdsTxtTemplateTab />
            </Tabs.Panel>
          )}
          {isAdmin && (
            <Tabs.Panel value="data-loads" pt="md">
              <DataLoadsTab />
            </Tabs.Panel>
          )}
          {/* App domain claims that wait for proof or clash with a site: any provider staff member decides them (API access 'staff'). */}
          <Tabs.Panel value="domain-claims" pt="md">
            <DomainClaimsTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
