// Beyond the spec (README "The customer book"): the back office's customer book.
import { z } from 'zod';
import { customerPageMetaSchema, customerSummarySchema, type CustomerPage } from '@/shared/schemas/customers';
import type { RestRoute } from '@/server/rest/route';

export const customerRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/customers',
    message: 'Customers fetched successfully',
    procedure: 'admin.customers.list',
    // The envelope's data is the page's customers (a list, as for every list path); the number of
    // matches and the page beside it, in `meta`.
    data: (page: CustomerPage) => page.customers,
    dataSchema: z.array(customerSummarySchema),
    meta: { of: ({ total, page, limit }: CustomerPage) => ({ total, page, limit }), schema: customerPageMetaSchema },
  },
  {
    method: 'GET',
    path: '/admin/customers/:id',
    message: 'Customer fetched successfully',
    procedure: 'admin.customers.get',
    errors: [404],
  },
  {
    method: 'PATCH',
    path: '/admin/customers/:id',
    message: 'Customer notes saved',
    procedure: 'admin.customers.updateNotes',
    errors: [404],
  },
];
