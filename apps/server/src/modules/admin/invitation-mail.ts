import { formatDateTime } from '@pc/contracts';
import type { MailMessage } from '../../mail/mail-message';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation e-mail: who invites, to which partners, the single-use link and when it expires. */
export function invitationMail(a: {
  to: string;
  link: string;
  partners: string[];
  expires: Date;
  inviter: string | null;
  productName: string;
  existingUser: boolean;
  /** The token inside `link`: only the invitee's copy carries it (mail/mailer.ts). */
  secret: string;
}): MailMessage {
  const expires = formatDateTime(a.expires, 'UTC');
  const what = a.existingUser ? `more partners were added to your ${a.productName} account` : `you are invited to ${a.productName}`;
  const action = a.existingUser ? 'Accept the invitation' : 'Accept the invitation and choose your password';
  const by = a.inviter ? ` by ${a.inviter}` : '';
  return {
    to: a.to,
    subject: a.existingUser ? `${a.productName}: access to more partners` : `You are invited to ${a.productName}`,
    text:
      `Hello,\n\n${what[0]!.toUpperCase()}${what.slice(1)}${by}.\n\nPartners: ${a.partners.join(', ')}\n\n` +
      `${action}: ${a.link}\n\nThe link works once and expires on ${expires}. If you did not expect this, ignore this e-mail.\n`,
    html:
      `<p>Hello,</p><p>${escape(what[0]!.toUpperCase() + what.slice(1) + by)}.</p><p>Partners: ${a.partners.map(escape).join(', ')}</p>` +
      `<p><a href="${escape(a.link)}">${action}</a></p><p>The link works once and expires on ${expires}. If you did not expect this, ignore this e-mail.</p>`,
    secrets: [a.secret],
  };
}
