import { resolve } from 'node:path';
import { z } from 'zod';
import { InvalidReplicaTarget, parseReplicaTarget, type ReplicaSettings } from './replication/target';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A number from `min` to `max` (a whole one unless `fractions`), `unit` naming what it counts: one
 * message for every way to miss (not a number, a fraction, too small, too large).
 */
function numberFrom(min: number, max: number, fallback: number, options: { unit?: string; fractions?: true } = {}) {
  const kind = options.fractions ? 'a number' : 'a whole number';
  const message = `must be ${kind} ${options.unit ? `of ${options.unit} ` : ''}from ${String(min)} to ${String(max)}`;
  const number = z.coerce.number({ message });
  return (options.fractions ? number : number.int(message)).min(min, message).max(max, message).default(fallback);
}

/** A whole number of actions per hour, 1 to 100,000. */
const perHour = (fallback: number) => numberFrom(1, 100_000, fallback);

/** Hours, 0 (off) to 720 (30 days); fractions allowed. */
const hours = (fallback: number) => numberFrom(0, 720, fallback, { unit: 'hours', fractions: true });

/** The non-empty entries of a comma-separated list. */
const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const origin = (message: string) =>
  z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), message)
    .transform((value) => new URL(value).origin);

const envSchema = z
  .object({
    PORT: numberFrom(1, 65535, 3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: origin('must be an http(s) URL such as https://salon.example.com').optional(),
    SMTP_URL: z
      .string()
      .refine(
        (value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol),
        'must be an smtp:// or smtps:// URL',
      )
      .optional(),
    MAIL_FROM: z.string().default('Salon <no-reply@localhost>'),
    SALON_TIMEZONE: z
      .string()
      .refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris')
      .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    SLOT_STEP_MINUTES: numberFrom(5, 240, 30, { unit: 'minutes' }),
    BOOKINGS_PER_CUSTOMER_PER_HOUR: perHour(30),
    REVIEWS_PER_CUSTOMER_PER_HOUR: perHour(20),
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ADMIN_NAME: z.string().optional(),
    SEED_DEMO: z.enum(['0', '1', 'true', 'false'], 'must be 1 or 0').optional(),
    CORS_ORIGINS: z
      .string()
      .superRefine((value, ctx) => {
        for (const entry of value.split(',').map((s) => s.trim())) {
          if (entry && !(URL.canParse(entry) && /^https?:$/.test(new URL(entry).protocol))) {
            ctx.addIssue({ code: 'custom', message: `"${entry}" is not an http(s) origin` });
          }
        }
      })
      .optional(),
    REMINDER_HOURS: hours(24),
    REVIEW_REQUEST_HOURS: hours(2),
    WEBHOOK_ALLOW_HOSTS: z
      .string()
      .refine(
        (value) => value.split(',').every((entry) => /^[a-z0-9.:[\]-]*$/i.test(entry.trim())),
        'must be a comma-separated list of host names or IP addresses',
      )
      .optional(),
    REPLICA_URL: z.string().optional(),
    REPLICA_ENDPOINT: z.string().optional(),
    REPLICA_REGION: z.string().optional(),
    REPLICA_ACCESS_KEY_ID: z.string().optional(),
    REPLICA_SECRET_ACCESS_KEY: z.string().optional(),
    REPLICA_SFTP_KEY_PATH: z.string().optional(),
    NODE_ENV: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    const replica = replicaSettings(env);
    if (replica) {
      try {
        parseReplicaTarget(replica, resolve(env.DATA_DIR));
      } catch (error) {
        if (!(error instanceof InvalidReplicaTarget)) throw error;
        ctx.addIssue({ code: 'custom', path: ['REPLICA_URL'], message: error.message });
      }
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
  });

/** The REPLICA_* variables, or undefined when REPLICA_URL is not set (no replication). */
function replicaSettings(env: {
  REPLICA_URL?: string | undefined;
  REPLICA_ENDPOINT?: string | undefined;
  REPLICA_REGION?: string | undefined;
  REPLICA_ACCESS_KEY_ID?: string | undefined;
  REPLICA_SECRET_ACCESS_KEY?: string | undefined;
  REPLICA_SFTP_KEY_PATH?: string | undefined;
}): ReplicaSettings | undefined {
  if (env.REPLICA_URL === undefined) return undefined;
  return {
    url: env.REPLICA_URL,
    endpoint: env.REPLICA_ENDPOINT,
    region: env.REPLICA_REGION,
    accessKeyId: env.REPLICA_ACCESS_KEY_ID,
    secretAccessKey: env.REPLICA_SECRET_ACCESS_KEY,
    sftpKeyPath: env.REPLICA_SFTP_KEY_PATH,
  };
}

/** The configuration as the server uses it, derived from the variables once they are valid. */
const configSchema = envSchema.transform((env) => {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseFile: resolve(dataDir, 'salon.db'),
    uploadsDir: resolve(dataDir, 'uploads'),
    outboxDir: resolve(dataDir, 'outbox'),
    /** Origin (no trailing slash) used in e-mailed links and for the same-origin check. */
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${String(env.PORT)}`,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    timezone: env.SALON_TIMEZONE,
    slotStepMinutes: env.SLOT_STEP_MINUTES,
    /** Bookings one customer may make (or move) per hour. */
    bookingsPerCustomerHour: env.BOOKINGS_PER_CUSTOMER_PER_HOUR,
    /** Reviews one customer may write per hour. */
    reviewsPerCustomerHour: env.REVIEWS_PER_CUSTOMER_PER_HOUR,
    bootstrapAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME ?? 'Salon Admin' }
        : undefined,
    seedDemo: env.SEED_DEMO === undefined ? !production : env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    corsOrigins: listOf(env.CORS_ORIGINS).map((entry) => new URL(entry).origin),
    /** Hours before a booking its reminder goes out; 0: no reminders. */
    reminderHours: env.REMINDER_HOURS,
    /** Hours after a booking is completed its review request goes out; 0: none. */
    reviewRequestHours: env.REVIEW_REQUEST_HOURS,
    /** Host names (lower case) a webhook may reach over plain HTTP or on a private address. */
    webhookAllowHosts: listOf(env.WEBHOOK_ALLOW_HOSTS)
      .map((entry) => entry.toLowerCase().replace(/^\[(.*)\]$/, '$1'))
      .filter(Boolean),
    /** Where the database and pictures are streamed (replication/); none: REPLICA_URL is not set. */
    replica: (() => {
      const replica = replicaSettings(env);
      return replica ? parseReplicaTarget(replica, dataDir) : undefined;
    })(),
    production,
  };
});

/** The validated configuration: the environment variables of README "Configuration". */
export type Config = z.output<typeof configSchema>;

/**
 * Reads the configuration from environment variables. Empty values count as unset.
 * Throws a ConfigError naming every invalid variable.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, optional(source[key])]));
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  return parsed.data;
}
