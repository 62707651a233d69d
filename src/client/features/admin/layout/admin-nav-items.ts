/**
 * The back office sidebar, in the order of the original screens, with the calendar after the
 * dashboard, the customer book after the appointments and the reports after it.
 */
export const ADMIN_NAV_ITEMS = [
  { label: 'Dashboard', to: '/admin', end: true },
  { label: 'Calendar', to: '/admin/calendar', end: false },
  { label: 'Appointments', to: '/admin/appointments', end: false },
  { label: 'Customers', to: '/admin/customers', end: false },
  { label: 'Reports', to: '/admin/reports', end: false },
  { label: 'Services', to: '/admin/services', end: false },
  { label: 'Specialists', to: '/admin/specialists', end: false },
  { label: 'Reviews', to: '/admin/reviews', end: false },
  { label: 'Discounts', to: '/admin/discounts', end: false },
  { label: 'Settings', to: '/admin/settings', end: false },
] as const;
