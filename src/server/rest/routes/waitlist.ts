// The waitlist (README "Waitlist"): a customer's entries, and who waits for a day.
import type { RestRoute } from '@/server/rest/route';

export const waitlistRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/users/waitlist',
    message: 'Waitlist fetched successfully',
    procedure: 'customer.waitlist.list',
    errors: [],
  },
  {
    method: 'POST',
    path: '/users/waitlist',
    status: 201,
    message: 'You are on the waitlist',
    procedure: 'customer.waitlist.join',
    errors: [400, 409],
  },
  {
    method: 'DELETE',
    path: '/users/waitlist/:id',
    message: 'You left the waitlist',
    procedure: 'customer.waitlist.leave',
    errors: [404, 409],
  },
  {
    method: 'GET',
    path: '/admin/waitlist',
    message: 'Waitlist fetched successfully',
    procedure: 'admin.waitlist.list',
    errors: [400],
  },
  {
    method: 'POST',
    path: '/admin/waitlist/:id/offer',
    status: 201,
    message: 'Time offered',
    procedure: 'admin.waitlist.offer',
    errors: [400, 404, 409],
  },
  {
    method: 'DELETE',
    path: '/admin/waitlist/:id/offer',
    message: 'Offer withdrawn',
    procedure: 'admin.waitlist.withdraw',
    errors: [404],
  },
  {
    method: 'GET',
    path: '/users/waitlist/offers/:token',
    message: 'Offer fetched successfully',
    procedure: 'public.waitlist.offer',
    errors: [404],
  },
  {
    method: 'POST',
    path: '/users/waitlist/offers/:token/accept',
    status: 201,
    message: 'Booked from the waitlist',
    procedure: 'public.waitlist.accept',
    errors: [400, 401, 404, 409, 429],
  },
];
