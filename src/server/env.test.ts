import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      mailFrom: 'Salon <no-reply@localhost>',
      slotStepMinutes: 30,
      seedDemo: true,
      corsOrigins: [],
      production: false,
      smtpUrl: undefined,
      bootstrapAdmin: undefined,
    });
    expect(config.databaseFile).toMatch(/data\/salon\.db$/);
    expect(config.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('follows PORT in the default public URL and turns demo data off in production', () => {
    const config = loadConfig({ PORT: '8080', NODE_ENV: 'production' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.seedDemo).toBe(false);
    expect(config.production).toBe(true);
  });

  it('stops with a message naming each invalid variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      SALON_TIMEZONE: 'Mars/Olympus',
      SLOT_STEP_MINUTES: '0',
      PUBLIC_URL: 'salon',
      SMTP_URL: 'http://mail',
      CORS_ORIGINS: 'https://ok.example, nope',
    });
    const named = problems.map((p) => p.split(':')[0]);
    expect(named).toEqual(
      expect.arrayContaining(['PORT', 'SALON_TIMEZONE', 'SLOT_STEP_MINUTES', 'PUBLIC_URL', 'SMTP_URL', 'CORS_ORIGINS']),
    );
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'boss@salon.test' })).toEqual([
      'ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    ]);
    expect(loadConfig({ ADMIN_EMAIL: 'boss@salon.test', ADMIN_PASSWORD: 'long-enough' }).bootstrapAdmin).toEqual({
      email: 'boss@salon.test',
      password: 'long-enough',
      name: 'Salon Admin',
    });
  });

  it('reads CORS origins as a list of origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example/, http://b.example:8080' }).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
  });
});
