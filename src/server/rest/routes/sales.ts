// The till (README "The till"): sales, refunds and receipts, gift vouchers, cash-ups, and a
// specialist's own tips. Money as dollars, summed in whole cents.
import type { RestRoute } from '@/server/rest/route';

export const salesRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/admin/sales',
    status: 201,
    message: 'Sale recorded',
    procedure: 'admin.sales.create',
    errors: [400, 404, 409],
  },
  {
    method: 'GET',
    path: '/admin/sales',
    message: 'Sales fetched successfully',
    procedure: 'admin.sales.list',
    errors: [400],
  },
  {
    method: 'GET',
    path: '/admin/sales/:id',
    message: 'Sale fetched successfully',
    procedure: 'admin.sales.get',
    errors: [404],
  },
  {
    method: 'POST',
    path: '/admin/sales/:id/refunds',
    status: 201,
    message: 'Refund recorded',
    procedure: 'admin.sales.refund',
    errors: [400, 404],
  },
  {
    method: 'POST',
    path: '/admin/sales/:id/receipt',
    message: 'Receipt sent',
    procedure: 'admin.sales.sendReceipt',
    errors: [400, 404, 429],
  },
  {
    method: 'GET',
    path: '/admin/tips',
    message: 'Tips fetched successfully',
    procedure: 'admin.sales.tips',
    errors: [400, 403],
  },
  {
    method: 'POST',
    path: '/admin/vouchers',
    status: 201,
    message: 'Voucher sold',
    procedure: 'admin.vouchers.create',
    errors: [400],
  },
  {
    method: 'GET',
    path: '/admin/vouchers',
    message: 'Vouchers fetched successfully',
    procedure: 'admin.vouchers.list',
  },
  {
    method: 'GET',
    path: '/admin/vouchers/:code',
    message: 'Voucher fetched successfully',
    procedure: 'admin.vouchers.byCode',
    errors: [400, 404],
  },
  {
    method: 'POST',
    path: '/admin/vouchers/:id/void',
    message: 'Voucher void',
    procedure: 'admin.vouchers.void',
    errors: [400, 404, 409],
  },
  {
    method: 'POST',
    path: '/admin/cash-ups',
    status: 201,
    message: 'Cash-up recorded',
    procedure: 'admin.cashUps.create',
    errors: [400],
  },
  {
    method: 'GET',
    path: '/admin/cash-ups',
    message: 'Cash-ups fetched successfully',
    procedure: 'admin.cashUps.list',
    errors: [400],
  },
];
