// The back office's appointments list: one page of every booking, newest booked first, searched by
// name or service, filtered by status and day. Its statements are prepared once per shape and
// connection, and a search's matches are remembered until the database changes
// (docs/decisions/0015-server-speed.md, 0039-light-box.md, 0041-remembered-search.md).
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUSES, type BookingStatus } from '@/shared/constants';
import type { AdminBookingPage } from '@/shared/schemas/bookings';
import type { DbOrTx } from '@/server/db/client';
import { bookingStatusCounts, bookings, users } from '@/server/db/schema';
import { connectionOf, databaseState, preparedOnce } from '@/server/db/statements';
import { builtOnce, keepRecent } from '@/server/recent-map';
import { likePattern, selectBookings, toBooking } from './records';

export interface AdminBookingQuery {
  /** Part of the customer's name (first and last as booked, or the account's full name) or the service's name. */
  search?: string | undefined;
  status?: BookingStatus | undefined;
  /** `YYYY-MM-DD`, salon time. */
  day?: string | undefined;
  page: number;
  /** Rows per page; null: every match in one page. */
  pageSize: number | null;
}

/**
 * The most matches of one search whose order is remembered: their row ids, 8 bytes each, so one
 * search holds at most 160 kB and a connection at most REMEMBERED_SEARCHES of them. A search
 * with more (three letters in half the bookings) is paged by its statement every time.
 */
export const REMEMBERED_MATCHES = 20_000;

/** The most searches one connection remembers, the least recently used going first. */
export const REMEMBERED_SEARCHES = 16;

/** An FTS5 phrase: the text in double quotes (doubled inside), so every character is literal. */
const ftsPhrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** The trigram index finds substrings of three characters or more; a shorter search reads every row. */
const TRIGRAM = 3;

/** Whether `search` goes through the trigram index (FTS5 reads its query as C text: a NUL would end it). */
const usesSearchIndex = (search: string): boolean => Array.from(search).length >= TRIGRAM && !search.includes('\0');

/**
 * Whether a searched page is quicker to find by walking the list's own order (an index), skipping
 * the rows that do not match, than by looking every match up and sorting them: when the matches
 * are at least one row in 50 of those the walk reads (`rows`: every booking, or those of the
 * status asked for) and the page lies within their first quarter, so the walk stops early. Even
 * when the matches all lie at the far end, it then reads no more than the lookups would cost. Either
 * way the same rows come back; only the speed differs (at 500,000 bookings, 8 ms instead of 100).
 */
const walksTheOrder = (matches: number, rows: number, query: AdminBookingQuery): boolean =>
  query.pageSize !== null && matches > 200 && matches * 50 >= rows && query.page * query.pageSize * 4 <= matches;

const p = sql.placeholder;

/** How a search narrows the list. walk/lookup: through the trigram index (see `walksTheOrder`); like: every row read. */
type SearchWay = 'none' | 'walk' | 'lookup' | 'like';

/** The filters a statement has: a status, a day (each a placeholder). */
interface Filters {
  status: boolean;
  day: boolean;
}

const inSearchIndex = sql`(SELECT rowid FROM bookings_search WHERE bookings_search MATCH ${p('phrase')})`;

/** A search of one or two characters: the booked name, the account's name or the service, with LIKE. */
const likeSearch = sql`(${bookings.firstName} || ' ' || ${bookings.lastName} LIKE ${p('pattern')} ESCAPE '\\'
  OR ${bookings.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${users.fullName} LIKE ${p('pattern')} ESCAPE '\\')
  OR ${bookings.serviceName} LIKE ${p('pattern')} ESCAPE '\\')`;

const searchConditions: Record<SearchWay, SQL | undefined> = {
  none: undefined,
  // `+rowid` keeps SQLite from looking every match up by its rowid, so it walks an index instead.
  walk: sql`+${bookings}.rowid IN ${inSearchIndex}`,
  lookup: sql`${bookings}.rowid IN ${inSearchIndex}`,
  like: likeSearch,
};

const filtered = (filters: Filters, search: SQL | undefined): SQL | undefined =>
  and(
    filters.status ? eq(bookings.status, p('status')) : undefined,
    filters.day ? eq(bookings.bookingDate, p('day')) : undefined,
    search,
  );

const newestFirst = [desc(bookings.createdAt), desc(bookings.id)] as const;

/** The statements of one shape of list: its page (LIMIT -1: every row) and its count. */
const listStatements = (db: DbOrTx, filters: Filters, way: SearchWay) => {
  const where = filtered(filters, searchConditions[way]);
  return {
    page: selectBookings(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(),
    count: db.select({ n: count() }).from(bookings).where(where).prepare(),
  };
};

/** A search's matches in the list's order (row ids), with the filters of its shape. */
const orderStatement = (db: DbOrTx, filters: Filters) =>
  db
    .select({ rowid: sql<number>`${bookings}.rowid` })
    .from(bookings)
    .where(filtered(filters, searchConditions.lookup))
    .orderBy(...newestFirst)
    .prepare();

/** Every statement of the list, prepared on a connection's first use of its shape. */
const statementsOf = preparedOnce((db) => ({
  statusCounts: db
    .select({ status: bookingStatusCounts.status, n: bookingStatusCounts.count })
    .from(bookingStatusCounts)
    .prepare(),
  inIndex: connectionOf(db)
    .prepare<[string], number>('SELECT count(*) FROM bookings_search WHERE bookings_search MATCH ?')
    .pluck(),
  /** The page's rows by their row ids (a JSON array), newest booked first. */
  byRowids: selectBookings(db)
    .where(sql`${bookings}.rowid IN (SELECT value FROM json_each(${p('rowids')}))`)
    .orderBy(...newestFirst)
    .prepare(),
  lists: new Map<string, ReturnType<typeof listStatements>>(),
  orders: new Map<string, ReturnType<typeof orderStatement>>(),
}));

type Statements = ReturnType<typeof statementsOf>;

const shapeKey = (filters: Filters, way: SearchWay | 'order') =>
  `${String(filters.status)}:${String(filters.day)}:${way}`;

const listOf = (db: DbOrTx, statements: Statements, filters: Filters, way: SearchWay) =>
  builtOnce(statements.lists, shapeKey(filters, way), () => listStatements(db, filters, way));

const orderOf = (db: DbOrTx, statements: Statements, filters: Filters) =>
  builtOnce(statements.orders, shapeKey(filters, 'order'), () => orderStatement(db, filters));

/** What an indexed search found: its matches in the index, those the filters keep, and their order when remembered. */
interface Found {
  inIndex: number;
  matches: number;
  /** Row ids in the list's order; null past `rememberUpTo` matches. */
  order: number[] | null;
}

/** A connection's remembered searches, all made while the database stood at `state`. */
const searchesOf = preparedOnce(() => ({ state: '', found: new Map<string, Found>() }));

/** The parameters every statement of a query may bind (a statement ignores those it has no placeholder for). */
type Params = Record<'status' | 'day' | 'phrase', string | undefined> & { phrase: string };

/**
 * What the trigram index finds for `params.phrase` with the query's filters, from memory while the
 * database has not changed since (`databaseState`: any row written by this connection or a commit
 * by another), else read and remembered (outside a transaction).
 */
function findIndexed(
  db: DbOrTx,
  statements: Statements,
  filters: Filters,
  params: Params,
  rememberUpTo: number,
): Found {
  const read = (): Found => {
    const inIndex = statements.inIndex.get(params.phrase) ?? 0;
    if (inIndex <= rememberUpTo) {
      const order = orderOf(db, statements, filters)
        .all(params)
        .map((row) => row.rowid);
      return { inIndex, matches: order.length, order };
    }
    const matches =
      filters.status || filters.day ? (listOf(db, statements, filters, 'lookup').count.get(params)?.n ?? 0) : inIndex;
    return { inIndex, matches, order: null };
  };
  // Inside a transaction what is read may yet be rolled back, and total_changes() would not go
  // back with it: read, never remembered.
  if (connectionOf(db).inTransaction) return read();
  const searches = searchesOf(db);
  const state = databaseState(db);
  if (searches.state !== state) {
    searches.state = state;
    searches.found.clear();
  }
  const key = `${shapeKey(filters, 'order')}:${params.status ?? ''}:${params.day ?? ''}:${params.phrase}`;
  const found = searches.found.get(key) ?? read();
  keepRecent(searches.found, key, found, REMEMBERED_SEARCHES);
  return found;
}

/**
 * One page of every booking, newest booked first. The order comes from the `(created_at, id)`
 * and `(status, created_at, id)` indexes, so a page does not sort the table.
 *
 * A search of three characters or more is answered by the trigram index `bookings_search` alone: a
 * substring of the booked name, the account's name as it is now, or the service, case-insensitive
 * in any alphabet ("élodie" finds "Élodie"). Its matches (up to `rememberUpTo` of them) are read in
 * the list's order once and remembered until the database changes, so paging through them, or
 * asking again, reads only the page's rows; a search with more matches is counted in the index and
 * its page reads only as many rows as it shows (`walksTheOrder`). A shorter one reads every row
 * with LIKE (case-insensitive for ASCII). The counts by status come from `booking_status_counts`,
 * kept by triggers.
 */
export function listAdminBookings(
  db: DbOrTx,
  query: AdminBookingQuery,
  rememberUpTo = REMEMBERED_MATCHES,
): AdminBookingPage {
  const statements = statementsOf(db);
  const byStatus = new Map(statements.statusCounts.all().map((row) => [row.status, row.n]));
  const countOf = (status: BookingStatus) => byStatus.get(status) ?? 0;
  const counts = {
    total: BOOKING_STATUSES.reduce((sum, status) => sum + countOf(status), 0),
    pending: countOf('pending'),
    confirmed: countOf('confirmed'),
    cancelled: countOf('cancelled'),
    completed: countOf('completed'),
    'no-show': countOf('no-show'),
  };
  const filters: Filters = { status: query.status !== undefined, day: query.day !== undefined };
  const offset = query.pageSize === null ? 0 : (query.page - 1) * query.pageSize;
  const limit = query.pageSize ?? -1;
  const answer = (rows: Parameters<typeof toBooking>[0][], total: number): AdminBookingPage => ({
    bookings: rows.map(toBooking),
    total: query.pageSize === null ? rows.length : total,
    page: query.pageSize === null ? 1 : query.page,
    pageSize: query.pageSize ?? rows.length,
    counts,
  });

  if (query.search !== undefined && usesSearchIndex(query.search)) {
    const params = { status: query.status, day: query.day, phrase: ftsPhrase(query.search) };
    const found = findIndexed(db, statements, filters, params, rememberUpTo);
    if (found.order !== null && query.pageSize !== null) {
      return answer(
        statements.byRowids.all({ rowids: JSON.stringify(found.order.slice(offset, offset + limit)) }),
        found.matches,
      );
    }
    const way = walksTheOrder(found.inIndex, query.status === undefined ? counts.total : countOf(query.status), query)
      ? 'walk'
      : 'lookup';
    return answer(listOf(db, statements, filters, way).page.all({ ...params, limit, offset }), found.matches);
  }

  const way = query.search === undefined ? 'none' : 'like';
  const params = {
    status: query.status,
    day: query.day,
    pattern: query.search === undefined ? undefined : likePattern(query.search),
  };
  const list = listOf(db, statements, filters, way);
  const rows = list.page.all({ ...params, limit, offset });
  if (query.pageSize === null) return answer(rows, rows.length);
  // Neither a search nor a day: the counts by status say it without reading the table.
  if (way === 'none' && query.day === undefined) {
    return answer(rows, query.status === undefined ? counts.total : countOf(query.status));
  }
  return answer(rows, list.count.get(params)?.n ?? 0);
}
