import { Routes, type SetupChecklist, type SetupSite, type SetupStep } from '@pc/contracts';
import type { SiteStatus } from '../site-status';

/** Everything the checklist is computed from, read in one go by the service. */
export interface SetupFacts {
  /** The active sites as every page shows them (modules/site-status). */
  sites: SiteStatus[];
  paymentSettings: boolean;
  team: { users: number; invitations: number };
}

const app = (label: string, href: string) => ({ label, href, external: false });

function siteTagStep(site: SiteStatus['site'], tagState: string): SetupStep {
  const done = site.event_tracker_data_received_at !== null;
  const detail = done
    ? `The site tag is installed: data first arrived on ${site.event_tracker_data_received_at!.toISOString().slice(0, 10)}.`
    : tagState === 'ACTIVATED'
      ? 'The site tag is issued but no data has arrived yet: put the snippet on every page of the site.'
      : tagState === 'PENDING'
        ? 'The site tag is being issued; install it once it is ready.'
        : 'Activate the site tag and put it on the site so audience and performance figures start arriving.';
  return {
    id: 'site-tag',
    title: 'Install the site tag and receive data',
    done,
    detail,
    link: done
      ? app('Open audience overview', Routes.audienceOverview)
      : app('Activate the site tag', Routes.serviceActivation('audience')),
  };
}

function adsTxtStep(domain: SiteStatus['adsTxt']): SetupStep {
  const done = domain !== undefined && domain.hosted_enabled && domain.redirection_status === 'verified';
  const detail = done
    ? 'We host your ads.txt and the redirection from your domain is verified.'
    : !domain || !domain.hosted_enabled || domain.redirection_status === 'not_set_up'
      ? 'Let us host your ads.txt, then redirect your domain’s /ads.txt to it and verify.'
      : domain.redirection_status === 'broken'
        ? `The redirection does not reach the hosted file${domain.redirection_reason ? `: ${domain.redirection_reason}` : ''}. Fix it and verify again.`
        : 'Hosting is on; verify the redirection from your domain.';
  const href = domain ? `${Routes.adsTxt}?domain=${encodeURIComponent(domain.id)}` : Routes.adsTxt;
  return { id: 'ads-txt', title: 'Host and verify ads.txt', done, detail, link: app(done ? 'Open ads.txt' : 'Set up ads.txt', href) };
}

function monitorStep(site: SiteStatus['site'], count: number): SetupStep {
  return {
    id: 'monitor',
    title: 'Create an uptime monitor',
    done: count > 0,
    detail:
      count > 0
        ? `${count} uptime monitor${count === 1 ? '' : 's'} watch${count === 1 ? 'es' : ''} this site.`
        : `No monitor watches ${site.domain} yet: create one to hear when the site goes down.`,
    link: count > 0 ? app('Open uptime monitoring', Routes.uptimeMonitoring) : app('Create a monitor', Routes.uptimeMonitoringNew),
  };
}

const counted = (steps: SetupStep[]) => ({ done: steps.filter((s) => s.done).length, total: steps.length });

/** The checklist: account steps, then each active site's steps; complete when every step is done. */
export function buildChecklist(f: SetupFacts, getInTouchUrl: string): SetupChecklist {
  const teammate = f.team.users > 1 || f.team.invitations > 0;
  const account: SetupStep[] = [
    {
      id: 'site-added',
      title: 'Add a site',
      done: f.sites.length > 0,
      detail:
        f.sites.length > 0
          ? `${f.sites.length} active site${f.sites.length === 1 ? '' : 's'} on your account.`
          : 'No active site yet: we add sites to your account on request.',
      link:
        f.sites.length > 0
          ? app('See your sites', Routes.services)
          : { label: 'Ask us to add a site', href: getInTouchUrl, external: true },
    },
    {
      id: 'payment-settings',
      title: 'Complete payment settings',
      done: f.paymentSettings,
      detail: f.paymentSettings ? 'Your bank details are saved.' : 'Add your bank details so we can pay what you earn.',
      link: app(f.paymentSettings ? 'Open payment settings' : 'Add payment settings', Routes.paymentSettings),
    },
    {
      id: 'teammate',
      title: 'Invite a teammate',
      done: teammate,
      detail: teammate
        ? 'Someone else on your team can sign in to this account.'
        : 'Only you can sign in to this account. We send invitations: tell us whom to invite.',
      link: teammate
        ? app('Open account settings', Routes.accountSettings)
        : { label: 'Ask us to invite a teammate', href: getInTouchUrl, external: true },
    },
  ];
  const sites: SetupSite[] = f.sites.map(({ site, tagState, adsTxt, monitors }) => {
    const steps = [siteTagStep(site, tagState), adsTxtStep(adsTxt), monitorStep(site, monitors)];
    return { siteId: site.id, siteName: site.name, domain: site.domain, steps, ...counted(steps) };
  });
  const all = [...account, ...sites.flatMap((s) => s.steps)];
  const { done, total } = counted(all);
  return { account, sites, done, total, complete: done === total };
}
