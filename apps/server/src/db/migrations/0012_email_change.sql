-- E-mail change with confirmation (issue 11 item 4): the new address waits on a one-time code sent
-- to it; the user's sign-in e-mail changes only when that code is used.
ALTER TABLE one_time_codes ADD COLUMN new_email text;
