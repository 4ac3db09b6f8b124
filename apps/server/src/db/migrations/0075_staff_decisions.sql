-- Staff act on service requests and plan changes in the admin console. A decision keeps
-- who made it, when and why (the reason is mailed to the publisher).
ALTER TABLE service_requests
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  ADD COLUMN decision_reason text NOT NULL DEFAULT '',
  ADD COLUMN decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN decided_at timestamptz;
CREATE INDEX service_requests_pending_idx ON service_requests (created_at DESC) WHERE status = 'pending';

ALTER TABLE plan_change_requests ADD COLUMN decision_reason text NOT NULL DEFAULT '';

-- Who set an override: an admin in the console ('admin') or a plan change ('plan'). A plan change
-- rewrites only its own overrides; an admin's override wins until an admin clears it.
ALTER TABLE feature_flag_overrides
  ADD COLUMN source text NOT NULL DEFAULT 'admin' CHECK (source IN ('admin', 'plan'));
-- Overrides written by earlier plan changes: those equal to the chosen plan's value.
UPDATE feature_flag_overrides o
   SET source = 'plan'
  FROM publisher_plans pp
  JOIN plans p ON p.id = pp.plan_id
 WHERE o.publisher_id = pp.publisher_id
   AND p.flag_values ? o.flag_key
   AND p.flag_values -> o.flag_key = o.value;
