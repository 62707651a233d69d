// The customers the salon books for (phoned or walked in): found by name, e-mail or phone, or
// added with a name and phone (an e-mail optional). An account added this way has no password
// (`''`); when its owner signs up with that e-mail, the account and its bookings become theirs
// (auth/signup.ts). Unique e-mails are kept by the partial index `users_email_unique`.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { CUSTOMER_SEARCH_LIMIT } from '@/shared/constants';
import type { CustomerSearchResult } from '@/shared/schemas/customers';
import type { DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { users } from '@/server/db/schema';
import { customersMatching } from './customer-book';
import { InvalidFields } from '@/server/errors';

/** Customers whose name, e-mail or phone contains the text (any letter case for ASCII), by name. */
export function searchCustomers(db: DbOrTx, search: string): CustomerSearchResult {
  if (search === '') return [];
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(customersMatching(search))
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
    .limit(CUSTOMER_SEARCH_LIMIT)
    .all()
    .map((row) => ({
      _id: row.id,
      fullName: row.fullName,
      email: row.email,
      phone: row.phone,
      hasPassword: row.passwordHash !== '',
    }));
}

export const REGISTERED_EMAIL_MESSAGE =
  'A registered customer has this e-mail: find them by name, e-mail or phone and pick them.';

export interface WalkInCustomer {
  customerId?: string | undefined;
  fullName: string;
  phone: string;
  email?: string | undefined;
}

/**
 * The account a salon booking belongs to: the one chosen (`customerId`), else the account without
 * a password that has the e-mail given (one the salon made before), else a new account without a
 * password. Runs inside the booking's transaction.
 */
export function customerForSalonBooking(tx: DbOrTx, customer: WalkInCustomer): { id: string; email: string } {
  if (customer.customerId !== undefined) {
    const row = tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, customer.customerId), isNull(users.deletedAt)))
      .get();
    if (!row) throw new InvalidFields([{ path: 'customerId', message: 'Customer not found' }]);
    return row;
  }
  if (customer.email !== undefined) {
    const row = tx
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, customer.email))
      .get();
    // A registered customer is booked only when picked from the search: a mistyped e-mail must not
    // put a stranger's booking (their name and phone) into someone else's account.
    if (row && row.passwordHash !== '') {
      throw new InvalidFields([{ path: 'email', message: REGISTERED_EMAIL_MESSAGE }]);
    }
    if (row) return { id: row.id, email: row.email };
  }
  const id = newId();
  const email = customer.email ?? '';
  tx.insert(users).values({ id, fullName: customer.fullName, email, phone: customer.phone, passwordHash: '' }).run();
  return { id, email };
}
