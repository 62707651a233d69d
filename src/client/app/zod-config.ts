// Zod's settings for the browser, imported first by main.tsx so they hold before any schema is
// built. `jitless`: Zod would otherwise try `new Function` to compile its object parsers, which
// the content security policy (server/security-headers.ts) refuses and the browser reports as a
// violation on every page with a form, although Zod catches it. The server keeps compiling: it
// has no such policy, and its parsers run on every request.
import { config } from 'zod';

config({ jitless: true });
