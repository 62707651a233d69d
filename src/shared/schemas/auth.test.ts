import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, loginSchema, resetPasswordFormSchema } from './auth';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

describe('account form schemas', () => {
  it('says which login field is missing or malformed, with the spec words', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual([
      'email: Email is required',
      'password: Password is required',
    ]);
    expect(messages(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual(['email: Enter a valid email']);
  });

  it('shows "Passwords do not match" together with the other fields\' messages', () => {
    expect(
      messages(
        changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdeg' }),
      ),
    ).toEqual(['currentPassword: Current password is required', 'confirmPassword: Passwords do not match']);
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'abcdef', confirmPassword: 'x' }))).toEqual([
      'confirmPassword: Passwords do not match',
    ]);
  });

  it('lower-cases e-mails so lookups do not depend on how they were typed', () => {
    expect(loginSchema.parse({ email: ' Ada@Example.TEST ', password: 'x' }).email).toBe('ada@example.test');
  });
});
