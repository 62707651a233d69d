// What the tRPC client and server agree on about requests. A module of its own, so the client's
// tRPC chunk carries it without pulling the shared constants into a chunk of their own.

/** The largest tRPC batch one HTTP request may carry: the server refuses more, the client sends no more. */
export const MAX_TRPC_BATCH = 20;
