import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { emailChangeConfirmSchema, emailChangeRequestSchema } from '@/shared/schemas/account';
import { serverFieldErrors } from '@/client/components/forms/server-field-errors';
import { userAuthStore } from '@/client/lib/auth/user-auth-store';
import { errorMessage } from '@/client/lib/errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const SEND_FAILED = 'Failed to send OTP. Try again.';
const CHANGE_FAILED = 'Failed to change your email.';

type Values = { email: string; otp: string; currentPassword: string };

/**
 * My account's "Change e-mail": the new address gets a 4-digit code (sign-up's rules and limits),
 * which is typed back here; then the account moves there, the old address is told, and the
 * customer's other devices are logged out. A refusal shows under the field it is about.
 */
export function ChangeEmailForm() {
  // The address the code went to: the form's second step; null while none was sent.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { email: '', otp: '', currentPassword: '' },
    validate: schemaResolver(sentTo === null ? emailChangeRequestSchema : emailChangeConfirmSchema, { sync: true }),
  });
  const request = trpc.customer.account.requestEmailChange.useMutation();
  const confirm = trpc.customer.account.confirmEmailChange.useMutation();
  const busy = request.isPending || confirm.isPending;
  const codeField = useRef<HTMLInputElement>(null);

  // The code field appears once a code is on its way: the cursor goes there.
  useEffect(() => {
    if (sentTo !== null) codeField.current?.focus();
  }, [sentTo]);

  /** The server's words under the field they concern (the address, unless it names the code). */
  const showRefusal = (error: unknown, fallback: string) => {
    const fields = serverFieldErrors(error);
    form.setErrors(Object.keys(fields).length > 0 ? fields : { email: errorMessage(error, fallback) });
    notifyError(error, fallback);
  };

  const sendCode = async (email: string) => {
    try {
      const sent = await request.mutateAsync({ email });
      setSentTo(sent.email);
      form.setFieldValue('otp', '');
      notifySuccess('OTP sent to your email!');
    } catch (error) {
      showRefusal(error, SEND_FAILED);
    }
  };

  const startOver = () => {
    setSentTo(null);
    form.reset();
  };

  const submit = form.onSubmit(async ({ email, otp, currentPassword }) => {
    if (sentTo === null) {
      await sendCode(emailChangeRequestSchema.parse({ email }).email);
      return;
    }
    try {
      const updated = await confirm.mutateAsync({ email: sentTo, otp, currentPassword });
      userAuthStore.setCredentials(updated);
      startOver();
      notifySuccess('Email changed!');
    } catch (error) {
      showRefusal(error, CHANGE_FAILED);
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">
            We send a 4-digit code to the new address. Once you type it here with your password, you log in with the new
            address and your other devices are logged out.
          </Text>
          <TextInput
            label="New email"
            type="email"
            autoComplete="email"
            required
            readOnly={sentTo !== null}
            description={sentTo !== null ? 'We sent a 4-digit code to this address.' : undefined}
            {...form.getInputProps('email')}
          />
          {sentTo !== null ? (
            <TextInput
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              required
              description="Valid for 10 minutes."
              {...form.getInputProps('otp')}
              ref={codeField}
            />
          ) : null}
          {sentTo !== null ? (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              description="So nobody else can move your account from a device you left logged in."
              {...form.getInputProps('currentPassword')}
            />
          ) : null}
          {sentTo !== null ? (
            <Group justify="space-between" gap="sm">
              <Group gap="md">
                <Anchor component="button" type="button" size="sm" onClick={() => void sendCode(sentTo)} disabled={busy}>
                  Send again
                </Anchor>
                <Anchor component="button" type="button" size="sm" c="dimmed" onClick={startOver} disabled={busy}>
                  Use another address
                </Anchor>
              </Group>
              <Button type="submit" ml="auto" loading={confirm.isPending} disabled={request.isPending}>
                Change e-mail
              </Button>
            </Group>
          ) : (
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending}>
                Send code
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
