import { StaffDecisionSchema } from '@pc/contracts';
import { ReasonDialog, type ReasonDecision } from './reason-dialog';

export interface PendingDecision {
  decision: 'approve' | 'reject';
  /** Sends the decision with its reason to the request's queue (plan changes, service requests). */
  send: (reason: string) => Promise<unknown>;
  /** What is decided, in words: "Evergreen Digital: move to Enterprise". */
  subject: string;
}

function requestDecision(pending: PendingDecision): ReasonDecision {
  const reject = pending.decision === 'reject';
  return {
    reject,
    title: reject ? 'Reject the request' : 'Approve the request',
    subject: pending.subject,
    reasonLabel: reject ? 'Reason' : 'Note to the publisher (optional)',
    reasonHint: "Mailed to the publisher's users and kept with the decision.",
    reasonRequired: reject,
    confirmLabel: reject ? 'Reject request' : 'Approve request',
    parse: (reason) => {
      const parsed = StaffDecisionSchema.safeParse({ reason });
      if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the reason.' };
      if (reject && parsed.data.reason.length < 3) return { error: 'Give a reason (at least 3 characters): the publisher receives it.' };
      return parsed.data;
    },
    decide: async (reason) => void (await pending.send(reason)),
    done: `${reject ? 'Rejected' : 'Approved'}: ${pending.subject}. The publisher is told by e-mail.`,
  };
}

/**
 * Approve or reject one request with a reason. The reason is mailed to the publisher; a
 * rejection needs one (the server says so in `fields.reason`, shown under the field).
 */
export function DecisionDialog({ pending, onClose, onDone }: { pending: PendingDecision | null; onClose: () => void; onDone: () => void }) {
  return <ReasonDialog decision={pending && requestDecision(pending)} onClose={onClose} onDone={onDone} />;
}
