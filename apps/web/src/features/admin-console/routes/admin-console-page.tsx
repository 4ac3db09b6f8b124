import { Alert, Stack, Tabs } from '@mantine/core';
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
const TAB_LABELS: Record<Tab, string> = {
  partners: 'Partners and sites',
  requests: 'Requests',
  users: 'Users',
  invitations: 'Invitations',
  'feature-flags': 'Feature flags',
  usage: 'Usage',
  outbox: 'E-mail outbox',
  audit: 'Audit log',
  'adstxt-template': 'Ads.txt template',
  'data-loads': 'Data loads',
  'domain-claims': 'Domain claims',
};
/** What staff without admin access open (the API refuses the rest to them). */
const STAFF_TABS: readonly Tab[] = ['partners', 'requests', 'users', 'usage', 'domain-claims'];

/**
 * A deep link to a tab this user may not open (or that does not exist) says so above the tab shown
 * instead, rather than quietly showing another tab.
 */
function TabRefused({ requested }: { requested: string }) {
  const known = (TABS as readonly string[]).includes(requested);
  return (
    <Alert color="yellow" title={known ? `${TAB_LABELS[requested as Tab]} is for administrators only` : 'No such tab'} role="status">
      {known
        ? 'Your staff access opens partners, users and usage read-only, and lets you decide requests and domain claims. Showing Partners and sites instead.'
        : `The admin console has no tab called "${requested}". Showing Partners and sites instead.`}
    </Alert>
  );
}

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
  const requested = (params['*'] ?? '').split('/')[0] ?? '';
  const tabs: readonly Tab[] = isAdmin ? TABS : STAFF_TABS;
  const allowed = (tabs as readonly string[]).includes(requested);
  const tab: Tab = allowed ? (requested as Tab) : 'partners';

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
        <>
          {requested !== '' && !allowed && <TabRefused requested={requested} />}
          <Tabs value={tab} onChange={(v) => v && void navigate(`${Routes.adminConsole}${v}`)} keepMounted={false}>
            <Tabs.List>
              {tabs.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {TAB_LABELS[t]}
                </Tabs.Tab>
              ))}
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
        </>
      )}
    </Stack>
  );
}
