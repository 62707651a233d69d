import { Button, Group, Modal, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { deleteAccountSchema } from '@/shared/schemas/account';
import { useDeleteAccount } from './api/account';

/** What deleting the account does, said before the customer decides. */
function Consequences() {
  // A plain list: Mantine's List brings a style sheet the public pages do not load (app/public-styles.ts).
  return (
    <Text component="ul" size="sm" m={0} pl="lg" style={{ display: 'grid', gap: 6 }}>
      <li>Your upcoming appointments are cancelled; you and the salon get the usual e-mails.</li>
      <li>Your reviews stay on the site, signed &ldquo;Former customer&rdquo; and without your picture.</li>
      <li>
        Everything else goes: your name, e-mail, phone, picture and password. Past visits stay in the salon&rsquo;s
        books without your name.
      </li>
    </Text>
  );
}

/**
 * My account's danger zone: "Delete account" says what happens, and a dialog asks for the password
 * before anything is deleted. `onDeleted` runs once the server has deleted the account (which says so).
 */
export function DeleteAccountSection({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const [opened, setOpened] = useState(false);
  const form = useForm({
    initialValues: { password: '' },
    validate: schemaResolver(deleteAccountSchema, { sync: true }),
  });
  const remove = useDeleteAccount({
    form,
    onDeleted: () => {
      setOpened(false);
      onDeleted();
    },
  });

  const close = () => {
    if (remove.isPending) return;
    setOpened(false);
    form.reset();
  };

  const submit = form.onSubmit(async ({ password }) => {
    await remove.mutateAsync({ password }).catch(() => undefined);
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm" fw={600}>
          Deleting your account cannot be undone.
        </Text>
        <Consequences />
        <Text size="sm" c="dimmed">
          Want a copy first? Use &ldquo;Download my data&rdquo; above.
        </Text>
        <Button color="red" variant="outline" onClick={() => setOpened(true)}>
          Delete account
        </Button>
      </Stack>

      <Modal opened={opened} onClose={close} title="Delete your account?" centered size="md">
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Consequences />
            <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordInput
              label="Password"
              description="Type your password to confirm."
              autoComplete="current-password"
              required
              data-autofocus
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                Keep my account
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
