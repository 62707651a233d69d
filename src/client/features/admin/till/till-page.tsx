import { Tabs, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { StaffRole } from '@/shared/constants';
import { FRONT_DESK, MANAGERS } from '@/shared/roles';
import { useAdminAuth } from '@/client/lib/auth/admin-auth-store';
import { usePageTitle } from '@/client/lib/use-page-title';
import { CashUpTab } from './cash-up-tab';
import { NewSaleTab } from './new-sale-tab';
import { SalesTab } from './sales-tab';
import { VouchersTab } from './vouchers-tab';
import './till-page.css';

const TABS = [
  { value: 'sales', label: 'Sales' },
  { value: 'new-sale', label: 'New sale' },
  { value: 'vouchers', label: 'Gift vouchers' },
  { value: 'cash-up', label: 'Cash-up' },
] as const;

const tillPath = (tab: string) => (tab === 'sales' ? '/admin/till' : `/admin/till/${tab}`);

/**
 * The till (README "The till"): the day's sales and their receipts, a sale at the desk without a
 * booking, gift vouchers and the day's cash-up, each tab at its own address. Payments are recorded
 * here, not processed. Refunds, voids and the cash-up history are the managers' (shared/roles.ts).
 */
export function TillPage() {
  const { admin } = useAdminAuth();
  const { tab: asked } = useParams();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab.value === asked) ?? TABS[0];
  usePageTitle(active.value === 'sales' ? 'Till' : `${active.label} – Till`);
  if (!admin) return null;
  if (asked !== undefined && asked !== active.value) return <Navigate to={tillPath(active.value)} replace />;
  const role: StaffRole = admin.role;
  const manages = MANAGERS.includes(role);
  if (!FRONT_DESK.includes(role)) return null;

  return (
    <div>
      <Title order={1}>Till</Title>
      <Text c="dimmed" mb="lg">
        Take payments, sell gift vouchers and count the cash drawer. Payments are recorded here; cards go through your
        card terminal.
      </Text>
      <Tabs
        value={active.value}
        onChange={(value) => {
          if (value && value !== active.value) void navigate(tillPath(value));
        }}
        keepMounted={false}
        className="till-tabs"
      >
        <Tabs.List aria-label="Till sections" mb="lg">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="sales">
          <SalesTab manages={manages} />
        </Tabs.Panel>
        <Tabs.Panel value="new-sale">
          <NewSaleTab />
        </Tabs.Panel>
        <Tabs.Panel value="vouchers">
          <VouchersTab manages={manages} />
        </Tabs.Panel>
        <Tabs.Panel value="cash-up">
          <CashUpTab manages={manages} />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
