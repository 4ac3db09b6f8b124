import type { RegisteredUser } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { adminUsersRepo } from './admin-users.repo';

export function createAdminUsersService(db: Db) {
  return {
    async list(f: { search?: string; publisherId?: string; limit: number }): Promise<RegisteredUser[]> {
      return (await adminUsersRepo(db).list(f)).map((u) => ({
        id: u.id,
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        enrollment_date: Math.floor(u.created_at.getTime() / 1000),
        publisherScope: u.publisher_scope,
        adminAccess: u.admin_access,
        disabled: u.disabled,
      }));
    },
  };
}
