import { Container, Select, Tabs, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { StaffRole } from '@/shared/constants';
import { ALL_STAFF, MANAGERS, OWNER_ONLY } from '@/shared/roles';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useAdminAuth, type AdminAccount } from '@/client/lib/auth/admin-auth-store';
import { ActivitySection } from './activity-section';
import { ApiTokensSection } from './api-tokens-section';
import { BackupsSection } from './backups-section';
import { ClosedDaysSection } from './closed-days-section';
import { MessagesSection } from './messages-section';
import { NotificationsSection } from './notifications-section';
import { OpeningHoursSection } from './opening-hours-section';
import { OwnProfileSection } from './own-profile-section';
import { SalonDetailsSection } from './salon-details-section';
import classes from './settings-page.module.css';
import { TeamSection } from './team-section';
import { WebhooksSection } from './webhooks-section';

/**
 * The sections, each at /admin/settings/<value> and open to the roles of the procedures it calls
 * (shared/roles.ts); a role sees only its own.
 */
const TABS: { value: string; label: string; roles: readonly StaffRole[] }[] = [
  { value: 'salon', label: 'Salon details', roles: MANAGERS },
  { value: 'profile', label: 'Your profile', roles: ALL_STAFF },
  { value: 'opening-hours', label: 'Opening hours', roles: MANAGERS },
  { value: 'closed-days', label: 'Closed days', roles: MANAGERS },
  { value: 'notifications', label: 'Notifications', roles: MANAGERS },
  { value: 'messages', label: 'Messages', roles: MANAGERS },
  { value: 'webhooks', label: 'Webhooks', roles: OWNER_ONLY },
  { value: 'api-tokens', label: 'API tokens', roles: OWNER_ONLY },
  { value: 'backups', label: 'Backups', roles: OWNER_ONLY },
  { value: 'team', label: 'Team', roles: OWNER_ONLY },
  { value: 'activity', label: 'Activity', roles: MANAGERS },
];

const settingsPath = (tab: string) => `/admin/settings/${tab}`;

export function SettingsPage() {
  // The admin layout renders this page only for a logged-in admin.
  const { admin } = useAdminAuth();
  const { tab: asked } = useParams();
  const navigate = useNavigate();
  const tabs = admin ? TABS.filter((tab) => tab.roles.includes(admin.role)) : [];
  // /admin/settings opens the first section; an unknown one (or one the role may not open) too.
  const active = tabs.find((tab) => tab.value === asked) ?? tabs[0];
  usePageTitle(active ? `${active.label} – Settings` : 'Settings');
  if (!admin || !active) return null;
  if (asked !== undefined && asked !== active.value) return <Navigate to={settingsPath(active.value)} replace />;

  const open = (value: string | null) => {
    if (value && value !== active.value) void navigate(settingsPath(value));
  };

  return (
    <Container size="lg" px={0}>
      <Title order={1} mb="lg">
        Settings
      </Title>
      <Select
        className={classes.picker}
        label="Section"
        data={tabs.map((tab) => ({ value: tab.value, label: tab.label }))}
        value={active.value}
        onChange={open}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ withinPortal: true }}
      />
      <Tabs
        orientation="vertical"
        variant="pills"
        value={active.value}
        onChange={open}
        keepMounted={false}
        className={classes.layout}
        // A list reads down its left edge, not centred.
        styles={{ tabLabel: { textAlign: 'start' } }}
      >
        <Tabs.List className={classes.list} aria-label="Settings sections">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} className={classes.panel}>
            {tab.value === active.value ? <SettingsSection value={tab.value} admin={admin} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

function SettingsSection({ value, admin }: { value: string; admin: AdminAccount }) {
  switch (value) {
    case 'salon':
      return <SalonDetailsSection admin={admin} />;
    case 'profile':
      return <OwnProfileSection admin={admin} />;
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
    case 'backups':
      return <BackupsSection />;
    case 'team':
      return <TeamSection />;
    case 'activity':
      return <ActivitySection />;
    default:
      return <ApiTokensSection />;
  }
}
