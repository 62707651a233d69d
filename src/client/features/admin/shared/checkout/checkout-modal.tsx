import { Alert, Button, Center, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { Sale } from '@/shared/schemas/sales';
import { formatDayWithWeekday } from '@/shared/time-format';
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
  const day = trpc.admin.calendar.get.useQuery({ from: target.day, to: target.day }, { enabled: target.sale === null });
  const items = (day.data?.bookings ?? [])
    .filter((item) => (target.visitId === null ? item._id === target.bookingId : item.visitId === target.visitId))
    .sort((a, b) => a.timeSlot.localeCompare(b.timeSlot));
  const visit: CheckoutVisit | null =
    day.data === undefined
      ? null
      : { visitId: target.visitId ?? target.bookingId, customerName: target.customerName, items };
  // A sale another desk took meanwhile: this day's items name it once read again.
  const paidBy = items.find((item) => item.sale)?.sale ?? null;
  // A visit on a later day than the salon's today (paid in advance).
  const ahead = day.data !== undefined && target.day > day.data.now.slice(0, 10);
  return { visit, paidBy, ahead, query: day };
}

/**
 * "Check out" for a visit: the checkout form, then, once paid, the receipt to print or e-mail.
 * It fills a phone's screen; a click outside does not close it (a half-typed sale stays).
 */
export function CheckoutModal({ target, onClose }: { target: CheckoutTarget; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [sale, setSale] = useState<Sale | null>(null);
  const { visit, paidBy: paidMeanwhile, ahead, query: visitQuery } = useCheckoutVisit(target);
  // Paid already: that sale's receipt. One another desk took meanwhile is refused (409) and shows
  // once the day is read again (the refused payment refreshes it).
  const paidBy = target.sale ?? paidMeanwhile;
  const paid = trpc.admin.sales.get.useQuery({ id: paidBy?._id ?? '' }, { enabled: paidBy !== null });
  const shown = sale ?? paid.data ?? null;
  const query = paidBy === null ? visitQuery : paid;
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        shown || paidBy ? `Receipt ${String(shown?.number ?? paidBy?.number)}` : `Check out ${target.customerName}`
      }
      size={shown || paidBy ? 'md' : 'xl'}
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
          fallback={paidBy === null ? 'The visit could not be loaded.' : 'The receipt could not be loaded.'}
          onRetry={() => void query.refetch()}
        />
      ) : visit && paidBy === null ? (
        <Stack gap="md">
          {ahead && (
            <Alert color="yellow" title={`This visit is on ${formatDayWithWeekday(target.day)}`}>
              Paid now, it is marked completed today and its reminder is not sent.
            </Alert>
          )}
          <CheckoutForm visit={visit} onPaid={setSale} onCancel={onClose} />
        </Stack>
      ) : (
        <Center py="xl">
          <Loader aria-label={paidBy === null ? 'Loading the visit' : 'Loading the receipt'} />
        </Center>
      )}
    </Modal>
  );
}
