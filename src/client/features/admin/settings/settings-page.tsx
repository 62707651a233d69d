import {
  Button,
  Container,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo } from 'react';
import type { StaffRole } from '@/shared/constants';
import { ALL_STAFF, MANAGERS, OWNER_ONLY } from '@/shared/roles';
import { adminProfileFormSchema } from '@/shared/schemas/account';
import { ChangePasswordForm } from '@/client/components/forms/change-password-form';
import { pickedImageData } from '@/client/components/forms/image-input';
import { ProfileFields } from '@/client/components/forms/profile-fields';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useAdminAuth, type AdminAccount } from '@/client/lib/auth/admin-auth-store';
import { useUpdateAdminProfile } from './api/profile';
import { ActivitySection } from './activity-section';
import { ApiTokensSection } from './api-tokens-section';
import { ClosedDaysSection } from './closed-days-section';
import { MessagesSection } from './messages-section';
import { NotificationsSection } from './notifications-section';
import { OpeningHoursSection } from './opening-hours-section';
import { TeamSection } from './team-section';
import { WebhooksSection } from './webhooks-section';

/** The admin's phone fields: `tel` with the digits keypad, and no autofill hint. */
const ADMIN_PHONE_INPUT = { type: 'tel', inputMode: 'numeric' } as const;

/** The tabs, each open to the roles of the procedures it calls (shared/roles.ts). */
const TABS: { value: string; label: string; roles: readonly StaffRole[] }[] = [
  { value: 'account', label: 'Account Setting', roles: MANAGERS },
  { value: 'password', label: 'Change Password', roles: ALL_STAFF },
  { value: 'opening-hours', label: 'Opening hours', roles: MANAGERS },
  { value: 'closed-days', label: 'Closed days', roles: MANAGERS },
  { value: 'notifications', label: 'Notifications', roles: MANAGERS },
  { value: 'messages', label: 'Messages', roles: MANAGERS },
  { value: 'webhooks', label: 'Webhooks', roles: OWNER_ONLY },
  { value: 'api-tokens', label: 'API tokens', roles: OWNER_ONLY },
  { value: 'team', label: 'Team', roles: OWNER_ONLY },
  { value: 'activity', label: 'Activity', roles: MANAGERS },
];

export function SettingsPage() {
  usePageTitle('Settings');
  // The admin layout renders this page only for a logged-in admin.
  const { admin } = useAdminAuth();
  if (!admin) return null;
  const tabs = TABS.filter((tab) => tab.roles.includes(admin.role));

  return (
    <Container size="md" px={0}>
      <Title order={1} mb="lg">
        Settings
      </Title>
      <Tabs defaultValue={tabs[0]?.value ?? 'password'} keepMounted={false}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
            <SettingsTab value={tab.value} admin={admin} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

function SettingsTab({ value, admin }: { value: string; admin: AdminAccount }) {
  switch (value) {
    case 'account':
      return <AccountSetting admin={admin} />;
    case 'password':
      return <AdminChangePassword email={admin.email} />;
    case 'opening-hours':
      return <OpeningHoursSection />;
    case 'closed-days':
      return <ClosedDaysSection />;
    case 'notifications':
      return <NotificationsSection />;
    case 'messages':
      return <MessagesSection />;
    case 'webhooks':
      return <WebhooksSection />;
    case 'team':
      return <TeamSection />;
    case 'activity':
      return <ActivitySection />;
    default:
      return <ApiTokensSection />;
  }
}

interface ProfileValues {
  avatar: File | null;
  fullName: string;
  contactEmail: string;
  phone: string;
  secondaryPhone: string;
  address: string;
  latitude: number | string;
  longitude: number | string;
}

function profileValues(admin: AdminAccount, contactEmail: string): ProfileValues {
  return {
    avatar: null,
    fullName: admin.fullName,
    contactEmail,
    phone: admin.phone,
    secondaryPhone: admin.secondaryPhone ?? '',
    address: admin.address,
    latitude: admin.location?.lat ?? '',
    longitude: admin.location?.lng ?? '',
  };
}

/** The form, once the salon's public e-mail is known. */
function AccountSetting({ admin }: { admin: AdminAccount }) {
  const contact = trpc.public.contact.info.useQuery(undefined, { retry: false });
  if (contact.isPending) return <Skeleton height={560} radius="lg" />;
  // Before the contact details were first saved (an install without the demo data), the login
  // e-mail is offered; it is saved only if the owner keeps it (see submit below).
  return <AccountSettingForm admin={admin} contactEmail={contact.data?.email ?? admin.email} />;
}

/** The admin's profile, which is also the salon's public contact info. */
function AccountSettingForm({ admin, contactEmail }: { admin: AdminAccount; contactEmail: string }) {
  const hasAvatar = admin.avatar !== null;
  const schema = useMemo(() => adminProfileFormSchema(hasAvatar), [hasAvatar]);
  const form = useForm<ProfileValues>({
    initialValues: profileValues(admin, contactEmail),
    validate: schemaResolver(schema, { sync: true }),
  });
  const update = useUpdateAdminProfile((updated, sentContactEmail) => {
    const saved = profileValues(updated, sentContactEmail ?? form.getInitialValues().contactEmail);
    form.setValues(saved);
    form.resetDirty(saved);
  });
  const saving = update.isPending || form.submitting;

  const submit = form.onSubmit(async (values) => {
    // Validation passed, so parsing gives the trimmed strings and numbers the schema promises.
    const parsed = schema.parse(values);
    const avatar = await pickedImageData(parsed.avatar, (message) => form.setFieldError('avatar', message));
    if (avatar === null) return;
    await update
      .mutateAsync({
        fullName: parsed.fullName,
        // Only when edited: a save of other fields never changes what /contact shows.
        contactEmail: form.isDirty('contactEmail') ? parsed.contactEmail : undefined,
        phone: parsed.phone,
        secondaryPhone: parsed.secondaryPhone,
        address: parsed.address,
        latitude: parsed.latitude,
        longitude: parsed.longitude,
        avatar,
      })
      .catch(() => undefined);
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <ProfileFields
            form={form}
            currentUrl={admin.avatar?.url ?? null}
            name={admin.fullName}
            avatarRequired={!hasAvatar}
            cols={{ base: 1, sm: 2 }}
            phoneInput={ADMIN_PHONE_INPUT}
            after={
              <TextInput
                label="Secondary phone"
                {...ADMIN_PHONE_INPUT}
                description="Optional"
                {...form.getInputProps('secondaryPhone')}
              />
            }
          >
            <TextInput
              label="Email"
              value={admin.email}
              readOnly
              description="The login email cannot be changed here."
            />
          </ProfileFields>
          <TextInput
            label="Contact email"
            type="email"
            autoComplete="off"
            required
            description="Shown to customers on the Contact page; it can differ from the login email."
            {...form.getInputProps('contactEmail')}
          />
          <TextInput label="Address" autoComplete="street-address" required {...form.getInputProps('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Latitude"
              required
              decimalScale={6}
              min={-90}
              max={90}
              hideControls
              {...form.getInputProps('latitude')}
            />
            <NumberInput
              label="Longitude"
              required
              decimalScale={6}
              min={-180}
              max={180}
              hideControls
              {...form.getInputProps('longitude')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function AdminChangePassword({ email }: { email: string }) {
  const change = trpc.admin.account.changePassword.useMutation();
  return <ChangePasswordForm email={email} send={change.mutateAsync} />;
}
