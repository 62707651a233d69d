import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { sendOtpSchema, signupFormSchema } from '../../../shared/schemas/auth';
import { AvatarInput } from '../../components/forms/avatar-input';
import { notifyError, notifyProblem, notifySuccess } from '../../lib/notify';
import { readAsDataUrl } from '../../lib/read-file';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';

const SEND_OTP_FAILED = 'Failed to send OTP. Try again.';
const INVALID_OTP = 'Invalid OTP.';
const REGISTRATION_FAILED = 'Registration failed. Please try again.';

interface SignupValues {
  avatar: File | null;
  fullName: string;
  email: string;
  otp: string;
  password: string;
  phone: string;
}

/**
 * Sign-up in the spec's order (section 4): the e-mail gets a code, the code is checked, and only
 * then can the account be created. Once the code is sent the e-mail cannot change.
 */
export function SignupPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const [otpSent, setOtpSent] = useState(false);
  const [verified, setVerified] = useState(false);
  const form = useForm<SignupValues>({
    initialValues: { avatar: null, fullName: '', email: '', otp: '', password: '', phone: '' },
    validate: schemaResolver(signupFormSchema, { sync: true }),
    validateInputOnBlur: ['fullName', 'email', 'password', 'phone'],
  });

  const sendOtp = trpc.public.auth.sendOtp.useMutation({
    onSuccess: () => {
      setOtpSent(true);
      notifySuccess('OTP sent to your email!');
    },
    onError: (error) => {
      notifyError(error, SEND_OTP_FAILED);
    },
  });
  const verifyOtp = trpc.public.auth.verifyOtp.useMutation({
    onSuccess: () => {
      setVerified(true);
      notifySuccess('OTP Verified!');
    },
    onError: (error) => {
      setVerified(false);
      notifyError(error, INVALID_OTP);
    },
  });
  const register = trpc.public.auth.register.useMutation({
    onSuccess: () => {
      notifySuccess('Registration successful');
      void navigate('/login');
    },
    onError: (error) => {
      notifyError(error, REGISTRATION_FAILED);
    },
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
    let avatar: string;
    try {
      avatar = await readAsDataUrl(values.avatar);
    } catch {
      form.setFieldError('avatar', 'The picture could not be read. Please choose it again.');
      return;
    } finally {
      setReadingAvatar(false);
    }
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
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <AvatarInput
            label="Profile picture"
            value={form.values.avatar}
            onChange={(file) => form.setFieldValue('avatar', file)}
            error={form.errors.avatar}
            name={form.values.fullName || undefined}
            required
          />
          <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('fullName')} />

          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            readOnly={otpSent}
            description={otpSent ? 'We sent a 4-digit code to this address.' : undefined}
            rightSectionWidth={124}
            rightSectionPointerEvents="all"
            rightSection={
              <Button
                size="compact-sm"
                variant="light"
                onClick={requestOtp}
                loading={sendOtp.isPending}
                disabled={otpSent}
              >
                {otpSent ? 'OTP Sent' : 'Verify Email'}
              </Button>
            }
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
            rightSectionWidth={124}
            rightSectionPointerEvents="all"
            rightSection={
              <Button
                size="compact-sm"
                variant="light"
                onClick={checkOtp}
                loading={verifyOtp.isPending}
                disabled={!otpSent || verified}
              >
                {verified ? 'Verified' : 'Verify OTP'}
              </Button>
            }
            {...form.getInputProps('otp')}
          />

          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            {...form.getInputProps('phone')}
          />

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
            <Anchor component={Link} to="/login">
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
