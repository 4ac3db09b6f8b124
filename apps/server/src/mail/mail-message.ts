/** One e-mail as the product writes it; every transport (outbox, SMTP, the mail drop) takes this. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; path: string }[];
  /**
   * Codes, tokens and link secrets the mail carries (a reset code, an invitation token): they go to
   * the recipient only, never into the outbox table or the admin console, which show REDACTED.
   */
  secrets?: string[];
}
