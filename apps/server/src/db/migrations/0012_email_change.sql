-- E-mail change with confirmation: the new address waits on a one-time code sent
-- to it; the user's sign-in e-mail changes only when that code is used.
ALTER TABLE one_time_codes ADD COLUMN new_email text;
