import { Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { customerProfileFormSchema } from '@/shared/schemas/account';
import { ChangePasswordForm } from '@/client/components/forms/change-password-form';
import { pickedImageData } from '@/client/components/forms/image-input';
import { ProfileFields } from '@/client/components/forms/profile-fields';
import { useCustomerPage } from '@/client/lib/auth/use-customer-page';
import { userAuthStore, type UserAccount } from '@/client/lib/auth/user-auth-store';
import { notifyError } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { ChangeEmailForm } from './change-email-form';
import { DeleteAccountSection } from './delete-account-section';
import { ReminderMailsSwitch } from './reminder-mails-switch';
import { useUpdateProfile } from './api/account';

const DOWNLOAD_FAILED = 'Your data could not be downloaded. Please try again.';

/**
 * My account (avatar menu): the customer's profile, e-mail and password, reminder e-mails, their
 * data, and deleting the account; a visitor is sent to /login.
 */
export function MyAccountPage() {
  usePageTitle('My account');
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const user = useCustomerPage('/my-account', { leaving });

  // The account is gone: this browser logs out and goes home (not to /login, as a lost session would).
  const accountDeleted = () => {
    flushSync(() => setLeaving(true));
    userAuthStore.logout();
    void navigate('/', { replace: true });
  };

  return (
    <Container size="sm" py="xl">
      <Title order={1}>My account</Title>
      {user ? (
        <Stack gap="xl" mt="lg">
          <section aria-labelledby="profile-heading">
            <Title order={2} size="h3" id="profile-heading" mb="sm">
              Profile
            </Title>
            <ProfileForm user={user} />
          </section>
          <section aria-labelledby="email-heading">
            <Title order={2} size="h3" id="email-heading" mb="sm">
              Change e-mail
            </Title>
            <ChangeEmailForm />
          </section>
          <section aria-labelledby="password-heading">
            <Title order={2} size="h3" id="password-heading" mb="sm">
              Change password
            </Title>
            <CustomerChangePassword email={user.email} />
          </section>
          <section aria-labelledby="mails-heading">
            <Title order={2} size="h3" id="mails-heading" mb="sm">
              E-mails
            </Title>
            <ReminderMailsSwitch />
          </section>
          <section aria-labelledby="data-heading">
            <Title order={2} size="h3" id="data-heading" mb="sm">
              Your data
            </Title>
            <DataDownload />
          </section>
          <section aria-labelledby="delete-heading">
            <Title order={2} size="h3" id="delete-heading" mb="sm" c="red.8">
              Delete account
            </Title>
            <DeleteAccountSection email={user.email} onDeleted={accountDeleted} />
          </section>
        </Stack>
      ) : (
        <Group mt="xl" justify="center">
          <Loader aria-label="Loading your account" />
        </Group>
      )}
    </Container>
  );
}

type ProfileValues = { avatar: File | null; fullName: string; phone: string };
const valuesOf = (user: UserAccount): ProfileValues => ({ avatar: null, fullName: user.fullName, phone: user.phone });

function ProfileForm({ user }: { user: UserAccount }) {
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(user),
    validate: schemaResolver(customerProfileFormSchema, { sync: true }),
  });
  const update = useUpdateProfile((updated) => {
    form.setValues(valuesOf(updated));
    form.resetDirty(valuesOf(updated));
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = customerProfileFormSchema.parse(values);
    const avatar = await pickedImageData(parsed.avatar, (message) => form.setFieldError('avatar', message));
    if (avatar === null) return;
    await update.mutateAsync({ fullName: parsed.fullName, phone: parsed.phone, avatar }).catch(() => undefined);
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <ProfileFields form={form} currentUrl={user.avatar?.url ?? null} name={user.fullName}>
            <TextInput
              label="Email"
              value={user.email}
              readOnly
              description="The email you log in with; change it below."
            />
          </ProfileFields>
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed">
              The salon uses your name and phone for your appointments.
            </Text>
            <Button type="submit" loading={form.submitting}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** "Download my data": what the salon keeps about the customer, saved as a JSON file. */
function DataDownload() {
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const data = await utils.client.customer.account.exportData.query();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `my-data-${data.exportedAt.slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notifyError(error, DOWNLOAD_FAILED);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Your profile, every appointment you booked (with its status and price) and every review you wrote, as one JSON
          file.
        </Text>
        <Button variant="default" loading={downloading} onClick={() => void download()}>
          Download my data
        </Button>
      </Stack>
    </Paper>
  );
}

function CustomerChangePassword({ email }: { email: string }) {
  const change = trpc.customer.account.changePassword.useMutation();
  return <ChangePasswordForm email={email} send={change.mutateAsync} />;
}
