// What the salon keeps about a customer, for My account's "Download my data" (README "Accounts").
import { eq } from 'drizzle-orm';
import type { CustomerDataExport } from '@/shared/schemas/account';
import type { DbOrTx } from '@/server/db/client';
import { users } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { listCustomerBookings } from '@/server/bookings/records';
import { listReviews } from '@/server/catalogue/reviews';
import { salesOfCustomer } from '@/server/sales/sales';
import { fromCents, toCents } from '@/shared/money';
import { findUserAccount } from './accounts';
import { NotSignedIn } from '@/server/errors';

/** The customer's profile, every booking of theirs (any status), every review they wrote and their receipts. */
export function exportCustomerData(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  userId: string,
  now = new Date(),
): CustomerDataExport {
  const account = findUserAccount(db, config, userId);
  const created = db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).get();
  if (!account || !created) throw new NotSignedIn();
  return {
    exportedAt: now.toISOString(),
    profile: { ...account, createdAt: created.createdAt.toISOString() },
    bookings: listCustomerBookings(db, userId, now),
    reviews: listReviews(db, config, { userId }),
    receipts: salesOfCustomer(db, userId).map((sale) => ({
      number: sale.number,
      day: sale.day,
      lines: sale.items.map((item) => ({ description: item.description, price: item.price })),
      total: sale.total,
      tips: fromCents(sale.tips.reduce((sum, tip) => sum + toCents(tip.amount), 0)),
      paid: sale.paid,
      refunded: sale.refunded,
    })),
  };
}
