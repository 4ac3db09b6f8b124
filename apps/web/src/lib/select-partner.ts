import { mutate } from 'swr';
import { TrackingEvents } from '@pc/contracts';
import { setChosenPublisherId } from './chosen-publisher';
import { track } from './tracking/track';

/**
 * Chooses the partner scope: persists the id (every request then carries it in Publisher-Scope),
 * records the Partners Center event and revalidates all cached data.
 */
export function selectPartner(publisherId: string): void {
  setChosenPublisherId(publisherId);
  track(TrackingEvents.partnersCenter, { publisherId });
  void mutate(() => true);
}
