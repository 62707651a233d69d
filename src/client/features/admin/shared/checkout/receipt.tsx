import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SALON_NAME } from '@/shared/constants';
import { formatCents, toCents } from '@/client/lib/format';
import { receiptOf, receiptRows } from '@/shared/receipt';
import type { Sale, Voucher } from '@/shared/schemas/sales';
import { formatClock, formatDay } from '@/shared/time-format';
import './receipt.css';

/** `HH:MM` in the browser's zone, as the back office writes when something happened. */
const clockOf = (moment: string): string => {
  const date = new Date(moment);
  return formatClock(`${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`);
};

/** A sale's receipt: the salon, its number and day, and the rows the e-mailed receipt has too. */
export function Receipt({ sale }: { sale: Sale }) {
  const receipt = receiptOf(sale);
  return (
    <div className="till-doc" data-testid="receipt">
      <header className="till-doc__head">
        <p className="till-doc__salon">{SALON_NAME}</p>
        <p className="till-doc__title">Receipt {receipt.number}</p>
        <p className="till-doc__meta">
          {receipt.when}, {clockOf(sale.createdAt)}
        </p>
        {receipt.customerName && <p className="till-doc__meta">For {receipt.customerName}</p>}
      </header>
      <table className="till-doc__rows" aria-label={`Receipt ${String(receipt.number)}`}>
        <tbody>
          {receiptRows(receipt).map((row, index) => (
            <tr key={`${row.label}-${String(index)}`} data-strong={row.strong ? '' : undefined}>
              <th scope="row">{row.label}</th>
              <td>{row.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="till-doc__foot">
        <p>Served by {receipt.takenBy}</p>
        <p>Thank you for visiting {SALON_NAME}</p>
      </footer>
    </div>
  );
}

/** A gift voucher as handed over: its value, its code and how long it is good for. */
export function VoucherCard({ voucher }: { voucher: Voucher }) {
  return (
    <div className="till-doc" data-testid="voucher-card">
      <header className="till-doc__head">
        <p className="till-doc__salon">{SALON_NAME}</p>
        <p className="till-doc__title">Gift voucher</p>
        {voucher.recipientName && <p className="till-doc__meta">For {voucher.recipientName}</p>}
      </header>
      <p className="till-doc__value">{formatCents(toCents(voucher.value))}</p>
      <p className="till-doc__code" data-testid="voucher-code">
        {voucher.code}
      </p>
      <footer className="till-doc__foot">
        {voucher.buyerName && <p>With love from {voucher.buyerName}</p>}
        <p>Valid until {formatDay(voucher.expiresOn)}</p>
        <p>Show this code at the desk to pay for any service.</p>
      </footer>
    </div>
  );
}

/**
 * What `window.print()` prints while it is on screen: a copy of `children` in the body's own
 * element, the only one shown on paper (receipt.css). Only one is mounted at a time.
 */
export function PrintArea({ children }: { children: ReactNode }) {
  // The back office renders in the browser only: the body is there.
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.className = 'till-print';
    return element;
  });
  useEffect(() => {
    document.body.appendChild(host);
    return () => {
      host.remove();
    };
  }, [host]);
  return createPortal(children, host);
}
