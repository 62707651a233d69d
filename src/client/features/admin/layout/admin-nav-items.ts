import { matchPath } from 'react-router';
import type { StaffRole } from '@/shared/constants';
import { ALL_STAFF, FRONT_DESK, MANAGERS, SPECIALISTS } from '@/shared/roles';

/**
 * The back office sidebar, in the order of the original screens, with the calendar after the
 * dashboard, the till and the customer book after the appointments, the waitlist after it and the reports after
 * that. Each page names the roles that open it: those of the procedures it calls (shared/roles.ts).
 */
export const ADMIN_NAV_ITEMS = [
  { label: 'My day', to: '/admin/my-day', end: false, roles: SPECIALISTS },
  { label: 'Dashboard', to: '/admin', end: true, roles: MANAGERS },
  { label: 'Calendar', to: '/admin/calendar', end: false, roles: FRONT_DESK },
  { label: 'Appointments', to: '/admin/appointments', end: false, roles: FRONT_DESK },
  { label: 'Till', to: '/admin/till', end: false, roles: FRONT_DESK },
  { label: 'Customers', to: '/admin/customers', end: false, roles: FRONT_DESK },
  { label: 'Waitlist', to: '/admin/waitlist', end: false, roles: FRONT_DESK },
  { label: 'Reports', to: '/admin/reports', end: false, roles: MANAGERS },
  { label: 'Services', to: '/admin/services', end: false, roles: MANAGERS },
  { label: 'Specialists', to: '/admin/specialists', end: false, roles: MANAGERS },
  { label: 'Reviews', to: '/admin/reviews', end: false, roles: FRONT_DESK },
  { label: 'Discounts', to: '/admin/discounts', end: false, roles: MANAGERS },
  { label: 'Settings', to: '/admin/settings', end: false, roles: ALL_STAFF },
] as const;

export type AdminNavItem = (typeof ADMIN_NAV_ITEMS)[number];

/** The pages `role` opens, in the sidebar's order. */
export const navItemsFor = (role: StaffRole): AdminNavItem[] =>
  ADMIN_NAV_ITEMS.filter((item) => item.roles.includes(role));

/** The sidebar's page `pathname` is on (a customer's record is under Customers), if any. */
export const navItemAt = (pathname: string): AdminNavItem | undefined =>
  ADMIN_NAV_ITEMS.find((item) => matchPath({ path: item.to, end: item.end }, pathname) !== null);
