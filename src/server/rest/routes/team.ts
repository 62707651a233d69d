// Beyond the spec (README "The team"): the salon's back-office accounts, for the owner; and the
// invited member's own step, choosing a password (no session).
import type { RestRoute } from '@/server/rest/route';

export const teamRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/team',
    message: 'Team fetched successfully',
    procedure: 'admin.team.list',
  },
  {
    method: 'POST',
    path: '/admin/team',
    status: 201,
    message: 'Invitation sent',
    procedure: 'admin.team.invite',
    errors: [400, 409],
  },
  {
    method: 'PATCH',
    path: '/admin/team/:id',
    message: 'Team member updated',
    procedure: 'admin.team.update',
    errors: [400, 404],
  },
  {
    method: 'POST',
    path: '/admin/team/accept',
    message: 'Password set',
    procedure: 'public.adminAuth.acceptInvite',
    errors: [400, 429],
  },
];
