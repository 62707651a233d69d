import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordFormSchema } from '@/shared/schemas/auth';
import { notifyError, notifySuccess } from '@/client/lib/notify';

const CHANGE_PASSWORD_FAILED = 'Failed to change password.';

/**
 * Change password, for an admin (Settings) and a customer (My account) alike: the current
 * password and the new one typed twice. `send` sends it; once it worked the form empties and
 * says so, otherwise it shows why (the server's message, such as a wrong current password).
 */
export function ChangePasswordForm({
  email,
  send,
}: {
  /** Whose password it is, for password managers (never shown). */
  email: string;
  send: (input: { currentPassword: string; newPassword: string }) => Promise<unknown>;
}) {
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await send({ currentPassword, newPassword });
    } catch (error) {
      notifyError(error, CHANGE_PASSWORD_FAILED);
      return;
    }
    form.reset();
    notifySuccess('Password changed!');
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
