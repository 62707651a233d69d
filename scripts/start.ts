// `npm start`: builds the web client when it is missing or older than its sources, then runs the
// server (which applies migrations and seeds an empty database).
import { ensureClientBuilt } from './client-build';

try {
  ensureClientBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import('@/server/index');
