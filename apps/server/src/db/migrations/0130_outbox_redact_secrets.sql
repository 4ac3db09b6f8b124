-- The outbox table keeps no usable secret: mails queued by earlier builds stored reset codes,
-- invitation tokens and e-mail-change links in the clear, and the admin console showed them. New
-- mails are stored redacted by the mailer (mail/mail-drop.ts); this redacts the ones already there
-- the same way ('••••••'), by the forms those mails carried them in.
UPDATE outbox
SET
  text_body = regexp_replace(
    regexp_replace(text_body, '(reset code: )[A-Z0-9]+', '\1••••••', 'g'),
    '((forgot\?code|accept-invitation\?token|profile-settings\?confirmEmail)=)[^\s"''&<>]+', '\1••••••', 'g'),
  html_body = regexp_replace(
    regexp_replace(html_body, '(reset code: <strong>)[A-Z0-9]+', '\1••••••', 'g'),
    '((forgot\?code|accept-invitation\?token|profile-settings\?confirmEmail)=)[^\s"''&<>]+', '\1••••••', 'g')
WHERE text_body ~ '(reset code: |forgot\?code=|accept-invitation\?token=|confirmEmail=)'
   OR html_body ~ '(reset code: |forgot\?code=|accept-invitation\?token=|confirmEmail=)';
