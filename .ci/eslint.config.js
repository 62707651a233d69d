// ESLint with type-aware rules. Kept in .ci/ so the repository's top level stays as
// docs/decisions/0001-repository-layout.md describes; `npm run lint` points here.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('..', import.meta.url));

const RULE = '@typescript-eslint/no-restricted-imports';

/** Imports that leave a folder use the alias; `../` only to reach scripts/ from a test. */
const ALIAS = { regex: '^\\.\\./(?!.*\\bscripts/)', message: 'Import through the @/ alias (src/...) instead of ../' };
const NOT_CLIENT = { group: ['@/client', '@/client/*'], message: 'Server code never imports client code.' };
const NOT_SERVER_BUT_TYPES = {
  group: ['@/server', '@/server/*'],
  allowTypeImports: true,
  message: 'Client code imports only types from the server (AppRouter); share rules through src/shared.',
};
const NOT_FEATURES = {
  group: ['@/client/features/*'],
  message: 'components/ and lib/ never import features; move the piece down.',
};
const SHARED = {
  group: ['node:*', '@/server', '@/server/*', '@/client', '@/client/*'],
  message: 'Shared code runs on the server and in the browser: no Node APIs, no server or client code.',
};
const ROUTERS = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'better-sqlite3', '@/server/db/schema', '@/server/db/statements'],
  message: 'Routers only route: call the feature module (bookings/, catalogue/, auth/, ...) that owns the query.',
};
/** Feature modules speak the salon's words; tRPC is the transport's, known only at the boundary. */
const NOT_TRPC = {
  group: ['@trpc/server', '@trpc/server/*'],
  message: "Only trpc/, routers/, rest/ and app.ts speak tRPC: throw the salon's errors from src/server/errors.ts.",
};
const DB = {
  group: ['@/server/*', '!@/server/db/*', '!@/server/errors', '!@/server/paths'],
  message: 'db/ imports nothing above it.',
};
const DOMAIN = {
  group: [
    '@/server/*',
    '!@/server/domain/*',
    '!@/server/errors',
    'node:*',
    'drizzle-orm',
    'drizzle-orm/*',
    'better-sqlite3',
    'fastify',
  ],
  message: 'domain/ holds pure rules: no I/O and nothing above it.',
};

/**
 * What one feature folder may take from the others: the booking form and the link to it (the
 * service and contact pages embed it), the login form (the back office's login page) and the ids
 * of the service page's category sections (the home page's tiles link to them). Anything else a
 * second feature needs moves down to components/ or lib/, or, among the back office's screens,
 * to features/admin/shared/.
 */
const FEATURE_ENTRIES = [
  'booking/booking-link',
  'booking/deferred-booking-form',
  'auth/login-form',
  'services/group-services',
];
const ADMIN_SHARED = 'admin/shared';

/** The feature folders (the back office's screens each count as one), from the tree itself. */
function featureFolders() {
  const folders = (path) =>
    readdirSync(new URL(`../src/client/features/${path}`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => (path ? `${path}/${entry.name}` : entry.name));
  return folders('').flatMap((name) => (name === 'admin' ? folders('admin') : [name]));
}

/** A feature imports from its own folder, the entries above and, for a back-office screen, admin/shared. */
function notOtherFeatures(folder) {
  const own = folder.startsWith('admin/') && folder !== ADMIN_SHARED ? [folder, ADMIN_SHARED] : [folder];
  const allowed = own.map((path) => `${path}/`);
  const entries = FEATURE_ENTRIES.map((path) => `${path}$`);
  return {
    regex: `^@/client/features/(?!${[...allowed, ...entries].join('|')})`,
    message: `A feature does not import another feature: share through ${ADMIN_SHARED}/ (the back office), components/ or lib/.`,
  };
}

/** One block per room, each naming all the fences that hold there. */
function fences() {
  const block = (files, ...patterns) => ({ files, rules: { [RULE]: ['error', { patterns: [ALIAS, ...patterns] }] } });
  return [
    block(['src/**/*.{ts,tsx}']),
    block(['src/server/**/*.ts'], NOT_CLIENT, NOT_TRPC),
    block(['src/server/trpc/**/*.ts', 'src/server/rest/**/*.ts', 'src/server/app.ts'], NOT_CLIENT),
    block(['src/server/routers/**/*.ts'], NOT_CLIENT, ROUTERS),
    block(['src/server/db/**/*.ts'], NOT_CLIENT, NOT_TRPC, DB),
    block(['src/server/domain/**/*.ts'], NOT_CLIENT, NOT_TRPC, DOMAIN),
    block(['src/client/**/*.{ts,tsx}'], NOT_SERVER_BUT_TYPES),
    block(['src/client/components/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'], NOT_SERVER_BUT_TYPES, NOT_FEATURES),
    // Loose files of features/admin/ (there should be none: they belong in admin/shared/).
    block(['src/client/features/admin/*.{ts,tsx}'], NOT_SERVER_BUT_TYPES, notOtherFeatures(ADMIN_SHARED)),
    ...featureFolders().map((folder) =>
      block([`src/client/features/${folder}/**/*.{ts,tsx}`], NOT_SERVER_BUT_TYPES, notOtherFeatures(folder)),
    ),
    block(['src/shared/**/*.ts'], SHARED),
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['.ci/*.js', 'scripts/*.mjs', 'scripts/lib/*.mjs'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': 'off',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The fences between the rooms (docs/decisions/0016-house-layout.md). A file gets the rule from the
  // last block that matches it, so each block lists every fence of its room.
  ...fences(),
  {
    files: ['**/*.test.ts', 'src/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // Plain JavaScript run before anything is compiled (`npm start`): checked without types.
  { files: ['.ci/*.js', 'scripts/**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
