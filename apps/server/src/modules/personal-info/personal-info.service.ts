import { type PersonalInfo, type PersonalInfoStored, Routes } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { HttpError, notFound } from '../../lib/http-error';
import { inTransaction } from '../../db/transaction';
import type { Mailer } from '../../mail/mailer';
import { randomSecret, sha256 } from '../../identity/passwords';
import { auditRepo } from '../audit';
import { personalInfoRepo } from './personal-info.repo';

export interface PersonalInfoDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
  /** How long the confirmation link sent to a new address works (EMAIL_CHANGE_LINK_HOURS). */
  emailChangeLinkHours: number;
  /** The identity service's throttled password check; throws 400 on `field` when wrong. */
  verifyCurrentPassword(uid: string, password: string, ip: string, field: string): Promise<void>;
}

const emailTaken = () =>
  new HttpError(400, 'This email is used by another account.', 'ValidationError', { email: 'This email is used by another account.' });
const invalidLink = () =>
  new HttpError(400, 'This confirmation link is invalid or has expired. Change your email again from your profile.', 'InvalidCode', {
    code: 'This confirmation link is invalid or has expired.',
  });

/**
 * Profile of the signed-in user. The e-mail is the sign-in name: changing it with a stolen bearer
 * token would hand over the account (a reset mail to the new address), so a change needs the current
 * password and only takes effect when the link sent to the new address is opened (Firebase's
 * verifyBeforeUpdateEmail). The old address is told at both steps.
 */
export function createPersonalInfoService(deps: PersonalInfoDeps) {
  const { db } = deps;
  const repo = personalInfoRepo(db);
  const base = deps.publicUrl.replace(/\/$/, '');
  const toInfo = (
    u: { first_name: string; last_name: string; email: string; phone_number: string },
    pending: string | null,
  ): PersonalInfoStored => ({
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    phoneNumber: u.phone_number,
    ...(pending ? { pendingEmail: pending } : {}),
  });

  async function requestEmailChange(uid: string, oldEmail: string, newEmail: string): Promise<void> {
    const code = randomSecret();
    const link = `${base}${Routes.profileSettings}?confirmEmail=${encodeURIComponent(code)}`;
    const p = deps.productName;
    const hours = deps.emailChangeLinkHours;
    const expiry = `expires in ${hours} hour${hours === 1 ? '' : 's'}`;
    await inTransaction(db, async (trx) => {
      await personalInfoRepo(trx).replacePendingEmail(uid, newEmail, sha256(code), new Date(Date.now() + hours * 3600_000));
      await auditRepo(trx).record({ actorUserId: uid, publisherId: null, action: 'profile.email_change_requested', details: { newEmail } });
    });
    await deps.mailer.send({
      to: newEmail,
      subject: `Confirm your new ${p} sign-in email`,
      text: `Open this link to make ${newEmail} the sign-in email of your ${p} account:\n\n${link}\n\nThe link works once and ${expiry}. Until then you sign in with your current email. If you did not ask for this, ignore this e-mail.`,
      html: `<p>Open this link to make <strong>${newEmail}</strong> the sign-in email of your ${p} account:</p><p><a href="${link}">Confirm my new email</a></p><p>The link works once and ${expiry}. Until then you sign in with your current email. If you did not ask for this, ignore this e-mail.</p>`,
      secrets: [code],
    });
    await deps.mailer.send({
      to: oldEmail,
      subject: `Your ${p} sign-in email is about to change`,
      text: `Someone signed in to your ${p} account asked to change its sign-in email to ${newEmail}. Nothing changes until that address confirms.\n\nIf this was not you, change your password now and use "Sign out of all devices" on your profile page.`,
    });
  }

  return {
    async get(uid: string): Promise<PersonalInfoStored> {
      const u = await repo.findProfile(uid);
      if (!u) throw notFound('Your account no longer exists.');
      return toInfo(u, await repo.pendingEmail(uid));
    },

    /** `ip` feeds the sign-in throttle, so the password field cannot be used to guess passwords. */
    async update(uid: string, info: PersonalInfo, ip: string): Promise<PersonalInfoStored> {
      const current = await repo.findProfile(uid);
      if (!current) throw notFound('Your account no longer exists.');
      const emailChanges = info.email.toLowerCase() !== current.email.toLowerCase();
      if (emailChanges) {
        // Password first: a stolen token must not even learn which addresses have accounts.
        if (!info.currentPassword)
          throw new HttpError(400, 'Enter your current password to change your email.', 'ValidationError', {
            currentPassword: 'Enter your current password to change your email.',
          });
        await deps.verifyCurrentPassword(uid, info.currentPassword, ip, 'currentPassword');
        if (await repo.emailTakenByOther(info.email, uid)) throw emailTaken();
      }
      // The name and phone change now (the header shows them at once); the e-mail only on confirmation.
      const u = await inTransaction(db, async (trx) => {
        const row = await personalInfoRepo(trx).updateProfile(uid, info);
        if (!row) throw notFound('Your account no longer exists.');
        await auditRepo(trx).record({ actorUserId: uid, publisherId: null, action: 'profile.updated', details: {} });
        return row;
      });
      if (emailChanges) await requestEmailChange(uid, current.email, info.email);
      return toInfo(u, await repo.pendingEmail(uid));
    },

    /** The link from the new address. Single use; 409 if another account took the address meanwhile. */
    async confirmEmailChange(code: string): Promise<{ email: string }> {
      const result = await inTransaction(db, async (trx) => {
        const r = personalInfoRepo(trx);
        const row = await r.consumeEmailCode(sha256(code));
        if (!row?.new_email) throw invalidLink();
        const before = await r.findProfile(row.user_id);
        if (!before) throw invalidLink();
        if (await r.emailTakenByOther(row.new_email, row.user_id))
          throw new HttpError(409, 'This email is now used by another account.', 'Conflict', {
            email: 'This email is now used by another account.',
          });
        await r.setEmail(row.user_id, row.new_email);
        await auditRepo(trx).record({
          actorUserId: row.user_id,
          publisherId: null,
          action: 'profile.email_changed',
          details: { from: before.email, to: row.new_email },
        });
        return { oldEmail: before.email, email: row.new_email };
      });
      await deps.mailer.send({
        to: result.oldEmail,
        subject: `Your ${deps.productName} sign-in email was changed`,
        text: `The sign-in email of your ${deps.productName} account is now ${result.email}. If this was not you, contact support.`,
      });
      return { email: result.email };
    },
  };
}
export type PersonalInfoService = ReturnType<typeof createPersonalInfoService>;
