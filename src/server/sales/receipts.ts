// A sale's receipt by e-mail (README "The till"), through the outbox like every mail: durable,
// retried, listed in Settings → Messages. The rows are the printed receipt's (shared/receipt.ts).
import { receiptOf } from '@/shared/receipt';
import { enqueueMail } from '@/server/outbox/enqueue';
import { InvalidFields } from '@/server/errors';
import { getSale, type TillDeps } from './sales';

/** Mails a sale's receipt to `email`, or to its customer's address; where it went. */
export function sendReceipt(deps: Pick<TillDeps, 'db' | 'outbox'>, id: string, email: string | undefined) {
  const sale = getSale(deps.db, id);
  const to = email ?? sale.customer?.email ?? null;
  if (to === null || to === '') {
    throw new InvalidFields([{ path: 'email', message: 'Enter an e-mail address for the receipt' }]);
  }
  enqueueMail(deps.db, to, { template: 'receipt', receipt: receiptOf(sale) });
  deps.outbox.wake();
  return { _id: sale._id, sentTo: to };
}
