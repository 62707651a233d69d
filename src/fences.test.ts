// The house's fences (.ci/eslint.config.js, docs/decisions/0016-house-layout.md) run in `npm run
// lint`: these lines, linted as if they stood in each room, show that a crossing fails the lint.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const RULE = '@typescript-eslint/no-restricted-imports';

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: `${root}.ci/eslint.config.js`,
  // Only the fence runs, so a line can be linted without the type information of a real file.
  ruleFilter: ({ ruleId }) => ruleId === RULE,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

/** The fence's complaints about `code` standing in the file at `path`. */
async function fenceMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((message) => `${String(message.ruleId)}: ${message.message}`);
}

describe('the lint fences between the rooms', () => {
  it.each([
    [
      'a router importing the database schema',
      'src/server/routers/admin/example.ts',
      "import { bookings } from '@/server/db/schema';",
    ],
    ['a router importing drizzle-orm', 'src/server/routers/public/example.ts', "import { eq } from 'drizzle-orm';"],
    ['shared code importing server code', 'src/shared/example.ts', "import { newId } from '@/server/db/ids';"],
    [
      'shared code importing a server type',
      'src/shared/schemas/example.ts',
      "import type { Config } from '@/server/env';",
    ],
    ['shared code importing client code', 'src/shared/example.ts', "import { trpc } from '@/client/lib/trpc';"],
    ['shared code importing Node', 'src/shared/example.ts', "import { readFileSync } from 'node:fs';"],
    [
      'server code importing client code',
      'src/server/bookings/example.ts',
      "import { trpc } from '@/client/lib/trpc';",
    ],
    [
      'client code importing server code',
      'src/client/features/home/example.tsx',
      "import { newId } from '@/server/db/ids';",
    ],
    [
      'a layout component importing a feature',
      'src/client/components/layout/example.tsx',
      "import { LoginForm } from '@/client/features/auth/login-form';",
    ],
    [
      'the database layer importing a feature',
      'src/server/db/example.ts',
      "import { getBooking } from '@/server/bookings/records';",
    ],
    ['a pure rule doing I/O', 'src/server/domain/example.ts', "import { readFileSync } from 'node:fs';"],
    ['a feature module speaking tRPC', 'src/server/bookings/example.ts', "import { TRPCError } from '@trpc/server';"],
    ['a pure rule speaking tRPC', 'src/server/domain/example.ts', "import { TRPCError } from '@trpc/server';"],
    ['a chain of ../ instead of the alias', 'src/server/bookings/example.ts', "import { newId } from '../db/ids';"],
    [
      'one back-office screen importing another',
      'src/client/features/admin/calendar/example.tsx',
      "import { TimeOffPanel } from '@/client/features/admin/specialists/time-off-panel';",
    ],
  ])('refuses %s', async (_what, path, code) => {
    const messages = await fenceMessages(path, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(RULE);
  });

  it.each([
    [
      'a router calling its feature module',
      'src/server/routers/admin/example.ts',
      "import { createBooking } from '@/server/bookings/commands';",
    ],
    [
      'the client importing the router type',
      'src/client/lib/example.ts',
      "import type { AppRouter } from '@/server/routers';",
    ],
    [
      'the client importing shared rules',
      'src/client/features/booking/example.tsx',
      "import { splitFullName } from '@/shared/bookings';",
    ],
    [
      "a feature module throwing the salon's errors",
      'src/server/calendar/example.ts',
      "import { NotFound } from '@/server/errors';",
    ],
    [
      "a pure rule throwing the salon's errors",
      'src/server/domain/example.ts',
      "import { InvalidFields } from '@/server/errors';",
    ],
    ['the tRPC boundary mapping them', 'src/server/trpc/example.ts', "import { TRPCError } from '@trpc/server';"],
    [
      'a router throwing a tRPC error',
      'src/server/routers/admin/example.ts',
      "import { TRPCError } from '@trpc/server';",
    ],
    [
      'the REST adapter reading tRPC codes',
      'src/server/rest/example.ts',
      "import { getHTTPStatusCodeFromError } from '@trpc/server/http';",
    ],
    [
      'a feature module reading the schema',
      'src/server/bookings/example.ts',
      "import { bookings } from '@/server/db/schema';",
    ],
    [
      'a test reaching a script',
      'src/server/bookings/example.test.ts',
      "import { freePort } from '../../../scripts/lib/free-port';",
    ],
    [
      'a back-office screen importing the shared admin folder',
      'src/client/features/admin/calendar/example.tsx',
      "import { TimeOffForm } from '@/client/features/admin/shared/time-off-form';",
    ],
    [
      'a page embedding the booking form',
      'src/client/features/contact/example.tsx',
      "import { DeferredBookingForm } from '@/client/features/booking/deferred-booking-form';",
    ],
  ])('lets %s through', async (_what, path, code) => {
    expect(await fenceMessages(path, code)).toEqual([]);
  });
});
