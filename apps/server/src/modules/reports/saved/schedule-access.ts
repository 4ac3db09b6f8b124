import { parseScope, scopeAllows } from '@pc/contracts';
import type { Db } from '../../../db/pool';
import type { JobQueue } from '../../../lib/jobs/job-queue';
import { auditRepo } from '../../audit';
import { SERVICES_MAIL_QUEUE, type ServicesMailPayload } from '../../services';
import { savedReportsRepo, type DueSchedule } from './saved-reports.repo';

type Problem = { code: 'owner_disabled' | 'owner_lost_publisher'; reason: string };

/**
 * Whether the owner could still open this report now: enabled, and the publisher in their scope
 * (the same rule as a request's Publisher-Scope check, http/access.ts). A schedule runs as its
 * owner, so it stops when they could not run it themselves.
 */
export function ownerAccessProblem(s: DueSchedule): Problem | null {
  if (s.owner_disabled) return { code: 'owner_disabled', reason: 'Paused because the account of its owner was disabled.' };
  const scope = parseScope({ PublisherID: s.owner_scope, AdminAccess: s.owner_admin });
  if (!scope || !scopeAllows(scope, s.publisher_id))
    return { code: 'owner_lost_publisher', reason: 'Paused because its owner no longer has access to this publisher.' };
  return null;
}

/**
 * Skips a due run whose owner lost access (caller's transaction, schedule row locked): pauses the
 * schedule with the reason the schedule list shows, audits it, and tells an owner who is still
 * enabled by e-mail. Returns true when the run was skipped.
 */
export async function pauseWithoutAccess(trx: Db, jobs: JobQueue, s: DueSchedule): Promise<boolean> {
  const problem = ownerAccessProblem(s);
  if (!problem) return false;
  await savedReportsRepo(trx).pauseWithReason(s.saved_report_id, problem.reason);
  await auditRepo(trx).record({
    actorUserId: null,
    publisherId: s.publisher_id,
    action: 'saved_report.schedule_paused',
    details: { id: s.saved_report_id, name: s.name, ownerUserId: s.owner_user_id, reason: problem.code, dueAt: s.next_run_at },
  });
  if (!s.owner_disabled)
    await jobs.enqueue<ServicesMailPayload>(
      SERVICES_MAIL_QUEUE,
      {
        to: [s.owner_email],
        subject: `Your scheduled report "${s.name}" is paused`,
        text:
          `Your scheduled report "${s.name}" (publisher ${s.publisher_id}) was not sent and is paused: ` +
          'you no longer have access to this publisher. If you get access again, open the saved report and schedule it again.\n',
      },
      { db: trx },
    );
  return true;
}
