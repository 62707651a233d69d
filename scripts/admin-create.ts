// `npm run admin:create -- --email E --password P --name N`: creates an admin account, or sets a
// new password on the existing one with that e-mail.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createOrResetAdmin } from '@/server/auth/admins';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { loadConfig } from '@/server/env';

const usage = 'Usage: npm run admin:create -- --email E --password P [--name N]';
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const args = z
  .object({
    email: z.email('--email must be an e-mail address'),
    password: z.string('--password is required').min(8, '--password must be at least 8 characters'),
    name: z.string().min(3, '--name must be at least 3 characters').default('Salon Admin'),
  })
  .safeParse(values);
if (!args.success) {
  console.error(args.error.issues.map((issue) => issue.message).join('\n'));
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase(config.databaseFile);
migrateDatabase(database);
const result = await createOrResetAdmin(database.db, {
  email: args.data.email,
  password: args.data.password,
  fullName: args.data.name,
});
database.close();
console.log(result.created ? `Admin ${args.data.email} created.` : `Password of admin ${args.data.email} reset.`);
