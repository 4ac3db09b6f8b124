import { sql } from 'kysely';
import type { PersonalInfo } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { HttpError, notFound } from '../../lib/http-error';
import { inTransaction } from '../../db/transaction';
import { auditRepo } from '../audit/audit.repo';

/** Profile of the signed-in user. The e-mail is the sign-in name, so it must stay unique. */
export function createPersonalInfoService(db: Db) {
  const toInfo = (u: { first_name: string; last_name: string; email: string; phone_number: string }): PersonalInfo => ({
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    phoneNumber: u.phone_number,
  });
  return {
    async get(uid: string): Promise<PersonalInfo> {
      const u = await db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'email', 'phone_number'])
        .where('id', '=', uid)
        .executeTakeFirst();
      if (!u) throw notFound('Your account no longer exists.');
      return toInfo(u);
    },
    async update(uid: string, info: PersonalInfo): Promise<PersonalInfo> {
      const clash = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', info.email.toLowerCase())
        .where('id', '!=', uid)
        .executeTakeFirst();
      if (clash)
        throw new HttpError(400, 'This email is used by another account.', 'ValidationError', {
          email: 'This email is used by another account.',
        });
      // The profile change and its audit row commit together.
      const u = await inTransaction(db, async (trx) => {
        const row = await trx
          .updateTable('users')
          .set({ first_name: info.firstName, last_name: info.lastName, email: info.email, phone_number: info.phoneNumber })
          .where('id', '=', uid)
          .returning(['first_name', 'last_name', 'email', 'phone_number'])
          .executeTakeFirst();
        if (!row) throw notFound('Your account no longer exists.');
        await auditRepo(trx).record({ actorUserId: uid, publisherId: null, action: 'profile.updated', details: { email: info.email } });
        return row;
      });
      return toInfo(u);
    },
  };
}
export type PersonalInfoService = ReturnType<typeof createPersonalInfoService>;
