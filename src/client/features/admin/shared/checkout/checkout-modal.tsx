import { Button, Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { Sale } from '@/shared/schemas/sales';
import { AdminLoadError } from '@/client/components/admin/admin-load-error';
import { trpc } from '@/client/lib/trpc';
import { CheckoutForm } from './checkout-form';
import type { CheckoutTarget } from './checkout-button';
import type { CheckoutVisit } from './checkout-values';
import { ReceiptPanel } from './receipt-panel';

/**
 * The visit's items as the salon's day lists them: every specialist's (the calendar on screen
 * may show one specialist's only), earliest first; a booking of one service is a visit of one.
 */
function useCheckoutVisit(target: CheckoutTarget) {
  const day = trpc.admin.calendar.get.useQuery(
    { from: target.day, to: target.day },
    { enabled: target.saleId === null },
  );
  const items = (day.data?.bookings ?? [])
    .filter((item) => (target.visitId === null ? item._id === target.bookingId : item.visitId === target.visitId))
    .sort((a, b) => a.timeSlot.localeCompare(b.timeSlot));
  const visit: CheckoutVisit | null =
    day.data === undefined
      ? null
      : { visitId: target.visitId ?? target.bookingId, customerName: target.customerName, items };
  return { visit, query: day };
}

/**
 * "Check out" for a visit: the checkout form, then, once paid, the receipt to print or e-mail.
 * It fills a phone's screen; a click outside does not close it (a half-typed sale stays).
 */
export function CheckoutModal({ target, onClose }: { target: CheckoutTarget; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [sale, setSale] = useState<Sale | null>(null);
  const { visit, query: visitQuery } = useCheckoutVisit(target);
  // Paid already: the sale's receipt. A desk that paid it meanwhile is told so by the server (409).
  const paid = trpc.admin.sales.get.useQuery({ id: target.saleId ?? '' }, { enabled: target.saleId !== null });
  const shown = sale ?? paid.data ?? null;
  const query = target.saleId === null ? visitQuery : paid;
  return (
    <Modal
      opened
      onClose={onClose}
      title={shown ? `Receipt ${String(shown.number)}` : `Check out ${target.customerName}`}
      size={shown ? 'md' : 'xl'}
      centered
      fullScreen={phone}
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {shown ? (
        <ReceiptPanel
          sale={shown}
          actions={
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          }
        />
      ) : query.error ? (
        <AdminLoadError
          error={query.error}
          fallback={target.saleId === null ? 'The visit could not be loaded.' : 'The receipt could not be loaded.'}
          onRetry={() => void query.refetch()}
        />
      ) : visit && target.saleId === null ? (
        <CheckoutForm visit={visit} onPaid={setSale} onCancel={onClose} />
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading the visit" />
        </Center>
      )}
    </Modal>
  );
}
