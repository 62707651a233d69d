// The README's five-line typed script: it is this file, word for word, and it runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { PROJECT_DIR, runCommand, startSalon, type ListeningSalon } from '../lib/testing';

const SCRIPT = join(PROJECT_DIR, 'scripts/examples/pending-bookings.ts');

describe("the README's typed script", () => {
  let salon: ListeningSalon;
  beforeAll(async () => {
    salon = await startSalon();
  });

  it('is shown in the README exactly as it is in scripts/examples/pending-bookings.ts', () => {
    const readme = readFileSync(join(PROJECT_DIR, 'README.md'), 'utf8');
    const shown = /`scripts\/examples\/pending-bookings\.ts`[^`]*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(readFileSync(SCRIPT, 'utf8'));
    expect(shown?.trimEnd().split('\n')).toHaveLength(5);
  });

  it("lists the demo salon's pending booking with the admin's API token", async () => {
    const { code, stdout, stderr } = await runCommand(join(PROJECT_DIR, 'node_modules/.bin/tsx'), [SCRIPT], {
      env: { SALON_URL: salon.url, SALON_API_TOKEN: salon.token },
    });
    expect(stderr).toBe('');
    // The demo's one pending booking: Clara's gel pedicure five days from today at 10:30.
    expect(stdout).toBe(`${addCalendarDays(todayIn(salon.config.timezone), 5)} 10:30 Clara Demo Gel Pedicure\n`);
    expect(code).toBe(0);
  });
});
