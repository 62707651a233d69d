// The Till page's own calls: refunds, gift vouchers and the cash-up; what each refreshes and the
// toasts it shows. A sale's payment and its receipt by e-mail are shared with the checkout
// (features/admin/shared/api/sales.ts).
import type { FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { showServerFieldErrors } from '@/client/components/forms/server-field-errors';
import { formatCents, toCents } from '@/client/lib/format';
import type { CashUp, Sale, VoucherDetails } from '@/shared/schemas/sales';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { useIdempotencyKey, withIdempotencyKey } from '@/client/lib/idempotency-key';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateTill } from '@/client/features/admin/shared/api/sales';

/** Gives back part or all of a sale (owners and managers); sent again before it went through, once. */
export function useRefundSale({ form, onDone }: { form: FieldErrorsTarget; onDone: (sale: Sale) => void }) {
  const invalidate = useInvalidateTill();
  const idempotency = useIdempotencyKey();
  const mutation = trpc.admin.sales.refund.useMutation({
    onSuccess: (sale) => {
      idempotency.next();
      notifySuccess(`Refunded: receipt ${String(sale.number)} now shows ${formatCents(toCents(sale.refunded))} back`);
      onDone(sale);
    },
    onError: (error) => {
      notifyError(error, 'The refund could not be recorded.');
      idempotency.afterError(error);
      showServerFieldErrors(form, error);
    },
    onSettled: invalidate,
  });
  return withIdempotencyKey(mutation, idempotency.key);
}

/** Sells a gift voucher at the desk: a sale of its own, and a code; sent again before it went through, once. */
export function useSellVoucher({
  form,
  onSold,
}: {
  form: FieldErrorsTarget;
  onSold: (voucher: VoucherDetails) => void;
}) {
  const invalidate = useInvalidateTill();
  const idempotency = useIdempotencyKey();
  const mutation = trpc.admin.vouchers.create.useMutation({
    onSuccess: (voucher) => {
      idempotency.next();
      notifySuccess(`Gift voucher ${voucher.code} sold for ${formatCents(toCents(voucher.value))}`);
      onSold(voucher);
    },
    onError: (error) => {
      notifyError(error, 'The voucher could not be sold.');
      idempotency.afterError(error);
      showServerFieldErrors(form, error);
    },
    onSettled: invalidate,
  });
  return withIdempotencyKey(mutation, idempotency.key);
}

/** Voids a gift voucher (owners and managers): it can no longer pay. */
export function useVoidVoucher({ form, onDone }: { form: FieldErrorsTarget; onDone: () => void }) {
  const invalidate = useInvalidateTill();
  return trpc.admin.vouchers.void.useMutation({
    onSuccess: (voucher) => {
      notifySuccess(`Gift voucher ${voucher.code} is void`);
      onDone();
    },
    onError: (error) => {
      notifyError(error, 'The voucher could not be voided.');
      showServerFieldErrors(form, error);
    },
    onSettled: invalidate,
  });
}

/** Records the day's cash-up: what the drawer should hold against what was counted. */
export function useCashUp({ form, onDone }: { form: FieldErrorsTarget; onDone: (cashUp: CashUp) => void }) {
  const utils = trpc.useUtils();
  return trpc.admin.cashUps.create.useMutation({
    onSuccess: (cashUp) => {
      notifySuccess('Cash-up recorded');
      onDone(cashUp);
    },
    onError: (error) => {
      notifyError(error, 'The cash-up could not be recorded.');
      showServerFieldErrors(form, error);
    },
    onSettled: () => {
      void utils.admin.cashUps.invalidate();
    },
  });
}
