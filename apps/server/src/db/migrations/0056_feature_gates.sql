-- Feature gates: a BOOLEAN flag that switches a whole feature on or off per
-- publisher. Off hides its menu entry, pages and home card in the web app, and its API answers 403
-- (apps/server/src/modules/feature-flags/feature-gates.ts). Default on, so nothing changes until
-- the provider's staff set an override. Marked new: the "new" badge shows while the app
-- configuration's showNewFeaturesUntil date has not passed.
INSERT INTO feature_flags (key, shape, description, beta, marked_new, default_value) VALUES
  ('uptime.monitoring', 'BOOLEAN', 'Uptime monitoring: menu entry, pages, home card and its API', false, true, 'true')
ON CONFLICT (key) DO NOTHING;
