import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { MANAGERS } from '@/shared/roles';
import { adminOwnProfileFormSchema } from '@/shared/schemas/account';
import { ChangePasswordForm } from '@/client/components/forms/change-password-form';
import { pickedImageData } from '@/client/components/forms/image-input';
import { ProfileFields } from '@/client/components/forms/profile-fields';
import type { AdminAccount } from '@/client/lib/auth/admin-auth-store';
import { trpc } from '@/client/lib/trpc';
import { useUpdateOwnProfile } from './api/profile';
import { SettingsCard } from './settings-card';

/** The admin's phone field: `tel` with the digits keypad. */
const ADMIN_PHONE_INPUT = { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' } as const;

/**
 * Settings > Your profile: the signed-in person's own name, phone and picture (for the roles that
 * may save them, as before), and their password (everyone). The salon's are in Salon details.
 */
export function OwnProfileSection({ admin }: { admin: AdminAccount }) {
  return (
    <Stack gap="xl">
      {MANAGERS.includes(admin.role) ? <OwnProfileForm admin={admin} /> : null}
      <Stack gap="md">
        <Title order={2} size="h3">
          Change password
        </Title>
        <AdminChangePassword email={admin.email} />
      </Stack>
    </Stack>
  );
}

interface OwnProfileValues {
  avatar: File | null;
  fullName: string;
  phone: string;
}

const ownValues = (admin: AdminAccount): OwnProfileValues => ({
  avatar: null,
  fullName: admin.fullName,
  phone: admin.phone,
});

function OwnProfileForm({ admin }: { admin: AdminAccount }) {
  const hasAvatar = admin.avatar !== null;
  const schema = useMemo(() => adminOwnProfileFormSchema(hasAvatar), [hasAvatar]);
  const form = useForm<OwnProfileValues>({
    initialValues: ownValues(admin),
    validate: schemaResolver(schema, { sync: true }),
  });
  const update = useUpdateOwnProfile((updated) => {
    const saved = ownValues(updated);
    form.setValues(saved);
    form.resetDirty(saved);
  });
  const saving = update.isPending || form.submitting;

  const submit = form.onSubmit(async (values) => {
    // Validation passed, so parsing gives the trimmed strings the schema promises.
    const parsed = schema.parse(values);
    const avatar = await pickedImageData(parsed.avatar, (message) => form.setFieldError('avatar', message));
    if (avatar === null) return;
    await update.mutateAsync({ fullName: parsed.fullName, phone: parsed.phone, avatar }).catch(() => undefined);
  });

  return (
    <SettingsCard title="Your profile" description="Your own name, phone and picture, as the team sees them.">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <ProfileFields
            form={form}
            currentUrl={admin.avatar?.url ?? null}
            name={admin.fullName}
            avatarRequired={!hasAvatar}
            cols={{ base: 1, sm: 2 }}
            phoneInput={ADMIN_PHONE_INPUT}
          >
            <TextInput
              label="Email"
              value={admin.email}
              readOnly
              description="The login email cannot be changed here."
              // Under the field, so it stays level with the name beside it.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          </ProfileFields>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

function AdminChangePassword({ email }: { email: string }) {
  const change = trpc.admin.account.changePassword.useMutation();
  return <ChangePasswordForm email={email} send={change.mutateAsync} />;
}
