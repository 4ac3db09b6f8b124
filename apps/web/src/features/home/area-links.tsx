import { Card, Group, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Routes } from '@pc/contracts';
import { FeatureBadges } from '../../lib/feature-flags/feature-badges';
import { badgeFlagOf, pathVisible } from '../../lib/feature-flags/feature-areas';
import { useFeatureFlags } from '../../lib/feature-flags/use-feature-flags';

const AREAS: { title: string; text: string; to: string }[] = [
  {
    title: 'Revenue Summary',
    text: 'Revenue, impressions and eCPM by site, product and period; export or e-mail reports.',
    to: Routes.revenueSummary,
  },
  {
    title: 'Recirculation Summary',
    text: 'Organic page views, clicks and CTR of your recommendation widgets.',
    to: Routes.recirculationSummary,
  },
  { title: 'Blocking Rules', text: 'Block advertisers, brands, categories or keywords on all or some sites.', to: Routes.blockingRules },
  { title: 'Ads.txt Management', text: 'Check each domain’s ads.txt, fix missing lines, use the hosted file.', to: Routes.adsTxt },
  { title: 'Payments', text: 'Monthly payments, statuses and statements.', to: Routes.payments },
  { title: 'Payment Settings', text: 'Payment method, beneficiary and tax details.', to: Routes.paymentSettings },
  { title: 'Incidents', text: 'Problems detected on your sites, with their history.', to: Routes.incidents },
  { title: 'Uptime Monitoring', text: 'Availability and response time of your pages.', to: Routes.uptimeMonitoring },
  { title: 'Audience Overview', text: 'Who visits your sites and how they engage.', to: Routes.audienceOverview },
  { title: 'Performance', text: 'Page speed and Core Web Vitals per site.', to: Routes.performance },
  { title: 'Services', text: 'The services available to your sites and their activation.', to: Routes.services },
  { title: 'Integrations', text: 'Connections to your other tools.', to: Routes.integrations },
  { title: 'Plans', text: 'Your plan, its limits and the other plans.', to: Routes.myPlans },
  { title: 'Account Settings', text: 'Company details of this partner.', to: Routes.accountSettings },
  { title: 'Profile', text: 'Your name, e-mail, phone and password.', to: Routes.profileSettings },
];

/** Cards linking into every area of the portal the selected publisher has (feature flags), with their badges. */
export function AreaLinks() {
  const flags = useFeatureFlags();
  return (
    <section aria-labelledby="areas-title">
      <Title order={2} size="h4" id="areas-title" mb="sm">
        Everything in your portal
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {AREAS.filter((a) => pathVisible(a.to, flags.enabled)).map((a) => (
          <UnstyledButton key={a.to} component={Link} to={a.to} style={{ display: 'block', height: '100%' }}>
            <Card h="100%" style={{ transition: 'border-color 120ms' }}>
              <Group gap="xs" wrap="nowrap">
                <Text fw={600}>{a.title}</Text>
                {badgeFlagOf(a.to) && <FeatureBadges flag={badgeFlagOf(a.to)!} />}
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {a.text}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </section>
  );
}
