// The till's calls shared by the back office's screens (the checkout from a visit, the Till page):
// what each refreshes and the toasts it shows.
import { isTRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/routers';
import type { Sale } from '@/shared/schemas/sales';
import { formatCents, toCents } from '@/client/lib/format';
import { serverFieldErrors } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { useIdempotencyKey, withIdempotencyKey } from '@/client/lib/idempotency-key';
import { trpc } from '@/client/lib/trpc';

const PAYMENT_FAILED = 'The payment could not be taken.';

/** After a sale: the till's lists, a voucher's balance, and the visit's status wherever it shows. */
export function useInvalidateTill(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.sales.invalidate();
    void utils.admin.vouchers.invalidate();
    void utils.admin.cashUps.invalidate();
    void utils.admin.bookings.invalidate();
    void utils.admin.calendar.invalidate();
    void utils.admin.stats.invalidate();
    void utils.admin.today.invalidate();
    void utils.admin.reports.invalidate();
  };
}

/**
 * Takes a sale's payment. Refused, the server's message is the toast and its field messages are
 * handed to `onFieldErrors` (a paid visit, 409, says so in the toast alone). Sent again before it
 * went through (a second click, a retry), it carries the same idempotency key: one sale.
 */
export function useTakePayment({
  onPaid,
  onFieldErrors,
}: {
  onPaid: (sale: Sale) => void;
  onFieldErrors: (errors: Record<string, string>) => void;
}) {
  const invalidate = useInvalidateTill();
  const idempotency = useIdempotencyKey();
  const mutation = trpc.admin.sales.create.useMutation({
    onSuccess: (sale) => {
      idempotency.next();
      notifySuccess(`Paid ${formatCents(toCents(sale.paid))}: receipt ${String(sale.number)}`);
      onPaid(sale);
    },
    onError: (error) => {
      notifyError(error, PAYMENT_FAILED);
      idempotency.afterError(error);
      const status = isTRPCClientError<AppRouter>(error) ? error.data?.httpStatus : undefined;
      if (status !== 409) onFieldErrors(serverFieldErrors(error));
    },
    onSettled: invalidate,
  });
  return withIdempotencyKey(mutation, idempotency.key);
}

/** Mails a sale's receipt to its customer, or to the address given. */
export function useSendReceipt(onSent?: () => void) {
  return trpc.admin.sales.sendReceipt.useMutation({
    onSuccess: (sent) => {
      notifySuccess(`Receipt sent to ${sent.sentTo}`);
      onSent?.();
    },
    onError: (error) => {
      notifyError(error, 'The receipt could not be sent.');
    },
  });
}
