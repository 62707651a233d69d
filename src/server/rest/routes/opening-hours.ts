// Beyond the spec (README "The salon's day"): the salon's opening hours, public and back office.
import type { RestRoute } from '@/server/rest/route';

export const openingHoursRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/opening-hours',
    message: 'Opening hours fetched successfully',
    procedure: 'public.salon.openingHours',
  },
  {
    method: 'GET',
    path: '/admin/opening-hours',
    message: 'Opening hours fetched successfully',
    procedure: 'admin.openingHours.get',
  },
  {
    method: 'PUT',
    path: '/admin/opening-hours',
    message: 'Opening hours updated',
    procedure: 'admin.openingHours.update',
  },
];
