import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { emailChangeConfirmSchema, emailChangeRequestSchema } from '@/shared/schemas/account';
import { useConfirmEmailChange, useRequestEmailChange } from './api/account';

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
  const startOver = () => {
    setSentTo(null);
    form.reset();
  };
  const request = useRequestEmailChange({
    form,
    onSent: (email) => {
      setSentTo(email);
      form.setFieldValue('otp', '');
    },
  });
  const confirm = useConfirmEmailChange({ form, onChanged: startOver });
  const busy = request.isPending || confirm.isPending;
  const codeField = useRef<HTMLInputElement>(null);

  // The code field appears once a code is on its way: the cursor goes there.
  useEffect(() => {
    if (sentTo !== null) codeField.current?.focus();
  }, [sentTo]);

  // A refusal's words go under the field they concern (see the hooks); the promise only says when it is over.
  const sendCode = async (email: string) => {
    await request.mutateAsync({ email }).catch(() => undefined);
  };

  const submit = form.onSubmit(async ({ email, otp, currentPassword }) => {
    if (sentTo === null) {
      await sendCode(emailChangeRequestSchema.parse({ email }).email);
      return;
    }
    await confirm.mutateAsync({ email: sentTo, otp, currentPassword }).catch(() => undefined);
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
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void sendCode(sentTo)}
                  disabled={busy}
                >
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
