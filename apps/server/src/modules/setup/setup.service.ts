import type { SetupChecklist } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { buildChecklist } from './setup-steps';
import { setupRepo } from './setup.repo';

/** The setup checklist, computed on each request from the areas' own state (nothing stored). */
export function createSetupService(d: { db: Db; getInTouchUrl: string }) {
  const repo = setupRepo(d.db);
  return {
    async checklist(publisherId: string): Promise<SetupChecklist> {
      const [sites, tagStates, adsTxt, monitors, paymentSettings, team] = await Promise.all([
        repo.activeSites(publisherId),
        repo.tagStates(publisherId),
        repo.adsTxtDomains(publisherId),
        repo.monitors(publisherId),
        repo.hasPaymentSettings(publisherId),
        repo.team(publisherId),
      ]);
      return buildChecklist({ sites, tagStates, adsTxt, monitors, paymentSettings, team }, d.getInTouchUrl);
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
