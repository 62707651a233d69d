import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { sendOtpSchema, signupFormSchema } from '@/shared/schemas/auth';
import { pickedImageData } from '@/client/components/forms/image-input';
import { ProfileFields } from '@/client/components/forms/profile-fields';
import { notifyProblem } from '@/client/lib/notify';
import { usePageTitle } from '@/client/lib/use-page-title';
import { authPagePath, returnPathFrom } from '@/client/lib/return-path';
import { AuthCard } from './auth-card';
import { SEND_OTP_FAILED, useRegister, useSendSignupOtp, useVerifySignupOtp } from './api/auth';
import { LiveForm } from '@/client/components/forms/live-form';

interface SignupValues {
  avatar: File | null;
  fullName: string;
  email: string;
  otp: string;
  password: string;
  phone: string;
}

interface FieldAction {
  label: string;
  onClick: () => void;
  loading: boolean;
  disabled: boolean;
}

/** The props that put a field's own button (Verify Email, Verify OTP) at the field's end. */
function fieldAction({ label, onClick, loading, disabled }: FieldAction) {
  return {
    rightSectionWidth: 124,
    rightSectionPointerEvents: 'all' as const,
    rightSection: (
      <Button size="compact-sm" variant="light" onClick={onClick} loading={loading} disabled={disabled}>
        {label}
      </Button>
    ),
  };
}

/**
 * Sign-up in three steps: the e-mail gets a code, the code is checked, and only
 * then can the account be created. Once the code is sent the e-mail cannot change.
 */
export function SignupPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  // Where the visitor was before /login or /signup: the login page leads there once they log in.
  const loginPath = authPagePath('/login', returnPathFrom(useLocation()));
  const [otpSent, setOtpSent] = useState(false);
  const [verified, setVerified] = useState(false);
  const form = useForm<SignupValues>({
    initialValues: { avatar: null, fullName: '', email: '', otp: '', password: '', phone: '' },
    validate: schemaResolver(signupFormSchema, { sync: true }),
    validateInputOnBlur: ['fullName', 'email', 'password', 'phone'],
  });

  const sendOtp = useSendSignupOtp(() => {
    setOtpSent(true);
  });
  const verifyOtp = useVerifySignupOtp(setVerified);
  const register = useRegister(() => {
    void navigate(loginPath);
  });
  const [readingAvatar, setReadingAvatar] = useState(false);

  const requestOtp = () => {
    const checked = sendOtpSchema.safeParse({ email: form.values.email });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? SEND_OTP_FAILED;
      form.setFieldError('email', message);
      notifyProblem(message);
      return;
    }
    form.clearFieldError('email');
    sendOtp.mutate({ email: form.values.email });
  };

  const checkOtp = () => {
    if (form.validateField('otp').hasError) return;
    verifyOtp.mutate({ email: form.values.email, otp: form.values.otp });
  };

  const submit = form.onSubmit(async (values) => {
    if (!verified) {
      notifyProblem('Please verify your email with OTP before signing up.');
      return;
    }
    if (!values.avatar) return;
    setReadingAvatar(true);
    const avatar = await pickedImageData(values.avatar, (message) => form.setFieldError('avatar', message));
    setReadingAvatar(false);
    // Null: the file could not be read (reported under the field).
    if (typeof avatar !== 'string') return;
    register.mutate({
      fullName: values.fullName,
      email: values.email,
      password: values.password,
      phone: values.phone,
      avatar,
    });
  });

  return (
    <AuthCard title="Sign up" intro="Create your account to book appointments and leave reviews.">
      <LiveForm legend="Your details" onSubmit={submit}>
        <Stack gap="md">
          <ProfileFields form={form} name={form.values.fullName || undefined} avatarRequired>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              readOnly={otpSent}
              description={otpSent ? 'We sent a 4-digit code to this address.' : undefined}
              {...fieldAction({
                label: otpSent ? 'OTP Sent' : 'Verify Email',
                onClick: requestOtp,
                loading: sendOtp.isPending,
                disabled: otpSent,
              })}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="OTP"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              required
              readOnly={verified || !otpSent}
              description={otpSent ? undefined : 'Verify your email first to receive the code.'}
              {...fieldAction({
                label: verified ? 'Verified' : 'Verify OTP',
                onClick: checkOtp,
                loading: verifyOtp.isPending,
                disabled: !otpSent || verified,
              })}
              {...form.getInputProps('otp')}
            />

            <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps('password')} />
          </ProfileFields>

          <Button type="submit" fullWidth disabled={!verified} loading={readingAvatar || register.isPending}>
            Sign Up
          </Button>
          {verified ? null : (
            <Text size="sm" c="dimmed" ta="center">
              Sign Up becomes available once your email is verified.
            </Text>
          )}
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={loginPath}>
              Login
            </Anchor>
          </Text>
        </Stack>
      </LiveForm>
    </AuthCard>
  );
}
