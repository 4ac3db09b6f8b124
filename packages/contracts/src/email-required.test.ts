import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ForgotPasswordSchema,
  InitiateDataIntegrationSchema,
  InvitationDataSchema,
  PaymentSettingsInputSchema,
  PersonalInfoSchema,
  SignInSchema,
  ValidationMessages,
} from './index';

/** The message a form shows on its e-mail field: the first issue on that path. */
function emailMessage(schema: z.ZodType, input: Record<string, unknown>, field: string): string | undefined {
  const r = schema.safeParse(input);
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === field)?.message;
}

// Every form that asks for an e-mail, with its other fields filled in.
const FORMS: { name: string; schema: z.ZodType; input: Record<string, unknown>; field: string }[] = [
  { name: 'sign-in', schema: SignInSchema, input: { password: 'secret-1' }, field: 'email' },
  { name: 'forgot password', schema: ForgotPasswordSchema, input: {}, field: 'email' },
  { name: 'personal info', schema: PersonalInfoSchema, input: { firstName: 'Dana', lastName: 'Lee', phoneNumber: '' }, field: 'email' },
  {
    name: 'invitation',
    schema: InvitationDataSchema,
    input: { publisherIds: ['1001'], mediaOwnerIds: [], adminAccess: false },
    field: 'email',
  },
  {
    name: 'data integration',
    schema: InitiateDataIntegrationSchema,
    input: { siteId: '5001', dataSource: 'GA4', contactName: 'Dana' },
    field: 'contactEmail',
  },
  {
    name: 'PayPal payout',
    schema: PaymentSettingsInputSchema,
    input: { method: 'paypal', beneficiaryName: 'Evergreen Digital', payoutCurrency: 'USD' },
    field: 'paypalEmail',
  },
];

describe("an empty e-mail says exactly 'Email is required!'", () => {
  it.each(FORMS)('$name', ({ schema, input, field }) => {
    expect(emailMessage(schema, { ...input, [field]: '' }, field)).toBe(ValidationMessages.emailRequired);
    expect(emailMessage(schema, { ...input, [field]: '   ' }, field)).toBe(ValidationMessages.emailRequired);
    expect(emailMessage(schema, { ...input, [field]: 'not-an-address' }, field)).toBe(ValidationMessages.emailInvalid);
    expect(emailMessage(schema, { ...input, [field]: 'someone@example.com' }, field)).toBeUndefined();
  });

  it('a bank transfer asks for no PayPal e-mail', () => {
    expect(
      emailMessage(PaymentSettingsInputSchema, { method: 'bank_transfer', beneficiaryName: 'X', payoutCurrency: 'USD' }, 'paypalEmail'),
    ).toBeUndefined();
  });
});
