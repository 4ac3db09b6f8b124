import { z } from 'zod';
import { EmailField, PasswordField } from './fields';

export const SignInSchema = z.object({ email: EmailField, password: PasswordField });
export type SignIn = z.infer<typeof SignInSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailField });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** New passwords: the spec only requires presence; we add a minimum length users expect. */
export const NewPasswordField = PasswordField.refine((v) => v.length >= 8, {
  message: 'Password must be at least 8 characters.',
}).refine((v) => v.length <= 200, { message: 'Password is too long.' });

export const ResetCodeSchema = z.object({ code: z.string().trim().min(1, 'Code is required!').max(200) });
export const ConfirmResetSchema = z.object({
  code: z.string().trim().min(1, 'Code is required!').max(200),
  newPassword: NewPasswordField,
});
export type ConfirmReset = z.infer<typeof ConfirmResetSchema>;

export const ReauthenticateSchema = z.object({ password: PasswordField });
export const UpdatePasswordSchema = z.object({ newPassword: NewPasswordField });
export const CustomTokenSignInSchema = z.object({ token: z.string().min(1) });
export const MintCustomTokenSchema = z.object({
  /** Only the caller's own scope (anything else is 403): a partner view starts at /api/admin/impersonate. */
  publisherId: z.string().min(1).optional(),
});

export const IdentityUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
});
export type IdentityUser = z.infer<typeof IdentityUserSchema>;

export const TokenResponseSchema = z.object({
  idToken: z.string(),
  // No refresh token: it travels only in an httpOnly cookie (apps/server/src/identity/refresh-cookie.ts).
  expiresIn: z.number().int(),
  user: IdentityUserSchema,
  /** True for an admin's partner view: the web app keeps it in the tab that opened it only. */
  partnerView: z.boolean().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const CustomTokenResponseSchema = z.object({ token: z.string(), expiresIn: z.number().int() });
export const VerifyCodeResponseSchema = z.object({ email: z.string() });

/** The web's change-password form: current password (re-authentication) + new password twice. */
export const ChangePasswordFormSchema = z
  .object({ currentPassword: PasswordField, newPassword: NewPasswordField, confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], message: 'The passwords do not match.' });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;
