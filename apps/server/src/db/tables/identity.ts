// Users, sign-in and sessions (identity): Kysely row types of these tables (the SQL lives in migrations/).
import type { Generated } from 'kysely';
import type { Timestamp, Json } from './columns';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone_number: Generated<string>;
  publisher_scope: string;
  admin_access: Generated<boolean>;
  disabled: Generated<boolean>;
  password_changed_at: Generated<Date>;
  created_at: Generated<Date>;
  /** Bumped (by trigger, migration 0010) on any change that must end the user's sessions. */
  session_version: Generated<number>;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  public_jwk: Json<Record<string, unknown>>;
  private_jwk: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
  retired_at: Date | null;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  scope_override: string | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface OneTimeCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'password_reset' | 'custom_token' | 'email_change';
  code_hash: string;
  scope_override: string | null;
  /** email_change only: the address that becomes the sign-in e-mail when the code is used. */
  new_email: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
  /** custom_token only: the partner view (partner_views) the token opens, if it opens one. */
  partner_view_id: Generated<string | null>;
}

/** An admin's partner view, from POST /api/admin/impersonate to its Exit or expiry (migration 0110). */
export interface PartnerViewsTable {
  id: Generated<string>;
  user_id: string;
  publisher_id: string;
  reason: string;
  started_at: Generated<Date>;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface SignInThrottleTable {
  key: string;
  failures: number;
  last_failure_at: Date;
  locked_until: Date | null;
}

export interface InvitationsTable {
  id: Generated<string>;
  email: string;
  publisher_ids: string[];
  admin_access: Generated<boolean>;
  media_owner_ids: Generated<string[]>;
  status: Generated<'pending' | 'accepted' | 'revoked'>;
  token_hash: string | null;
  expires_at: Timestamp;
  invited_by: string | null;
  accepted_user_id: string | null;
  sent_at: Timestamp | null;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface IdentityTables {
  users: UsersTable;
  signing_keys: SigningKeysTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
  sign_in_throttle: SignInThrottleTable;
  invitations: InvitationsTable;
  partner_views: PartnerViewsTable;
}
