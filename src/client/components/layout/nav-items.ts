/** The public header's links, in the order the header shows them. */
export const PUBLIC_NAV_ITEMS = [
  { label: 'Home', to: '/' },
  { label: 'Services', to: '/service' },
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
] as const;

export const AUTH_NAV_ITEMS = [
  { label: 'Signup', to: '/signup' },
  { label: 'Login', to: '/login' },
] as const;

/** The phone drawer's id, named by the burger's aria-controls. */
export const MOBILE_NAV_ID = 'mobile-navigation';
