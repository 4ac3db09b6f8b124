import type { SetupChecklist } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { buildChecklist } from './setup-steps';
import { setupRepo } from './setup.repo';
import { createSiteStatusService } from '../site-status';

/** The setup checklist, computed on each request from the areas' own state (nothing stored). */
export function createSetupService(d: { db: Db; getInTouchUrl: string }) {
  const repo = setupRepo(d.db);
  const siteStatus = createSiteStatusService(d.db);
  return {
    async checklist(publisherId: string): Promise<SetupChecklist> {
      const [{ statuses }, paymentSettings, team] = await Promise.all([
        siteStatus.statusesOf(publisherId),
        repo.hasPaymentSettings(publisherId),
        repo.team(publisherId),
      ]);
      return buildChecklist({ sites: statuses, paymentSettings, team }, d.getInTouchUrl);
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
