// Beyond the spec (issue 17, the salon's day): the calendar, weekly hours, time off, closures, the
// salon's bookings for customers who phoned, and moving a booking; the opening hours (issue 20).
import type { RestRoute } from '@/server/rest/route';

export const calendarRoutes: RestRoute[] = [
  { method: 'GET', path: '/admin/calendar', message: 'Calendar fetched successfully', procedure: 'admin.calendar.get', errors: [404] },
  { method: 'GET', path: '/admin/specialists/:id/schedule', message: 'Schedule fetched successfully', procedure: 'admin.schedules.get', errors: [404] },
  { method: 'PUT', path: '/admin/specialists/:id/schedule', message: 'Schedule updated', procedure: 'admin.schedules.put', errors: [404] },
  { method: 'GET', path: '/admin/specialists/:id/time-off', message: 'Time off fetched successfully', procedure: 'admin.timeOff.list', errors: [404] },
  {
    method: 'POST',
    path: '/admin/specialists/:id/time-off',
    status: 201,
    message: 'Time off added',
    procedure: 'admin.timeOff.create',
    errors: [400, 404],
  },
  {
    method: 'DELETE',
    path: '/admin/specialists/:id/time-off/:timeOffId',
    message: 'Time off deleted',
    procedure: 'admin.timeOff.delete',
    errors: [404],
  },
  { method: 'GET', path: '/admin/closures', message: 'Closures fetched successfully', procedure: 'admin.closures.list' },
  { method: 'POST', path: '/admin/closures', status: 201, message: 'Closure added', procedure: 'admin.closures.create', errors: [409] },
  { method: 'DELETE', path: '/admin/closures/:id', message: 'Closure deleted', procedure: 'admin.closures.delete', errors: [404] },
  // Issue 20: the salon's opening hours.
  { method: 'GET', path: '/opening-hours', message: 'Opening hours fetched successfully', procedure: 'public.salon.openingHours' },
  { method: 'GET', path: '/admin/opening-hours', message: 'Opening hours fetched successfully', procedure: 'admin.openingHours.get' },
  { method: 'PUT', path: '/admin/opening-hours', message: 'Opening hours updated', procedure: 'admin.openingHours.put' },
  { method: 'POST', path: '/admin/bookings', status: 201, message: 'Booking created', procedure: 'admin.bookings.create', errors: [400, 409] },
  { method: 'PATCH', path: '/admin/bookings/:id', message: 'Booking rescheduled', procedure: 'admin.bookings.reschedule', errors: [400, 404, 409] },
  { method: 'PATCH', path: '/users/appointment/:id', message: 'Appointment rescheduled', procedure: 'customer.bookings.reschedule', errors: [400, 403, 404, 409, 429] },
];
