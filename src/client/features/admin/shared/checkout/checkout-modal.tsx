import { Button, Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { Sale } from '@/shared/schemas/sales';
import { AdminLoadError } from '@/client/components/admin/admin-load-error';
import { localCalendarDay } from '@/shared/calendar-days';
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
  const day = trpc.admin.calendar.get.useQuery({ from: target.day, to: target.day });
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
 * The sale that paid the visit, if it was taken on the visit's day or today (a visit is paid at
 * the desk on its day, or settled later): its receipt shows instead of a second checkout. Older
 * ones the server still refuses (409, said in the toast).
 */
function useVisitSale(target: CheckoutTarget): { sale: Sale | undefined; checking: boolean } {
  const today = localCalendarDay();
  const visitId = target.visitId ?? target.bookingId;
  const onDay = trpc.admin.sales.list.useQuery({ from: target.day, to: target.day });
  const onToday = trpc.admin.sales.list.useQuery({ from: today, to: today }, { enabled: today !== target.day });
  const sale = [...(onDay.data ?? []), ...(onToday.data ?? [])].find((candidate) => candidate.visitId === visitId);
  return { sale, checking: onDay.isPending || (today !== target.day && onToday.isPending) };
}

/**
 * "Check out" for a visit: the checkout form, then, once paid, the receipt to print or e-mail.
 * It fills a phone's screen; a click outside does not close it (a half-typed sale stays).
 */
export function CheckoutModal({ target, onClose }: { target: CheckoutTarget; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [sale, setSale] = useState<Sale | null>(null);
  const { visit, query } = useCheckoutVisit(target);
  const paid = useVisitSale(target);
  const shown = sale ?? paid.sale ?? null;
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
          note={sale ? undefined : `This visit is paid already: receipt ${String(shown.number)}.`}
          actions={
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          }
        />
      ) : query.error ? (
        <AdminLoadError
          error={query.error}
          fallback="The visit could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : visit && !paid.checking ? (
        <CheckoutForm visit={visit} onPaid={setSale} onCancel={onClose} />
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading the visit" />
        </Center>
      )}
    </Modal>
  );
}
