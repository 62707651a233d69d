// `npm run services:import -- FILE.csv` against a real salon listening on a local port.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/shared/schemas/services';
import { services } from '@/server/db/schema';
import { jpegBytes, storedUploads } from '@/server/test/catalogue';
import { missingTokenMessage, TOKEN_REFUSED_MESSAGE } from './lib/salon-client';
import { captureIo, PROJECT_DIR, runCommand, startSalon, type ListeningSalon } from './lib/testing';
import { run } from './services-import';

const HEADER = 'name,category,price,duration,description,bufferMinutes,image';

describe('npm run services:import', () => {
  let salon: ListeningSalon;
  let dir: string;

  beforeAll(async () => {
    salon = await startSalon();
    dir = mkdtempSync(join(tmpdir(), 'salon-import-'));
    mkdirSync(join(dir, 'photos'));
    writeFileSync(join(dir, 'photos', 'lash-lift.jpg'), await jpegBytes());
    writeFileSync(
      join(dir, 'photos', 'scalp.png'),
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a9' } })
        .png()
        .toBuffer(),
    );
    writeFileSync(join(dir, 'photos', 'notes.jpg'), 'not a picture at all');
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** A CSV in the temporary folder, next to its photos. */
  const csvFile = (name: string, lines: string[]) => {
    const file = join(dir, name);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  /** Runs the script in process; `token: null` runs it without one. */
  const importing = async (file: string, token: string | null = salon.token) => {
    const io = captureIo({ SALON_URL: salon.url, SALON_API_TOKEN: token ?? undefined });
    const code = await run([file], io);
    return { code, out: io.out(), err: io.err() };
  };
  const publicServices = async () => {
    const response = await fetch(`${salon.url}/api/v1/services`);
    return ((await response.json()) as { data: Service[] }).data;
  };
  /** Everything a refused import must leave as it was. */
  const snapshot = () => ({
    rows: salon.database.db.select().from(services).orderBy(asc(services.id)).all(),
    uploads: storedUploads(salon.config),
  });

  it('creates new services and updates existing ones, matched by name in any letter case', async () => {
    const before = await publicServices();
    const manicure = before.find((service) => service.name === 'Classic Manicure');
    const uploadsBefore = storedUploads(salon.config);
    const file = csvFile('catalogue.csv', [
      HEADER,
      'Lash Lift,Make up,35.5,40,"Curled, tinted lashes that last for weeks.",,photos/lash-lift.jpg',
      'Scalp Ritual,SPA procedures,49,60,A slow warm scalp massage.,15,photos/scalp.png',
      ' classic manicure ,Nail care,28,50,Shaping and a paraffin dip.,,',
    ]);

    const { code, out, err } = await importing(file);

    expect(err).toBe('');
    expect(out).toBe(
      [
        'Imported: 2 created, 1 updated.',
        '  line 2: created Lash Lift',
        '  line 3: created Scalp Ritual',
        '  line 4: updated classic manicure',
        '',
      ].join('\n'),
    );
    expect(code).toBe(0);

    const after = await publicServices();
    expect(after).toHaveLength(before.length + 2);
    expect(after).toContainEqual(
      expect.objectContaining({
        name: 'Lash Lift',
        category: 'Make up',
        price: 35.5,
        duration: 40,
        bufferMinutes: 0,
        description: 'Curled, tinted lashes that last for weeks.',
        image: { url: expect.stringMatching(/^http:\/\/salon\.test\/uploads\/[0-9a-f]{24}\.webp$/) as string },
      }),
    );
    expect(after).toContainEqual(
      expect.objectContaining({ name: 'Scalp Ritual', price: 49, duration: 60, bufferMinutes: 15 }),
    );
    expect(after).toContainEqual({
      ...manicure,
      name: 'classic manicure',
      price: 28,
      duration: 50,
      description: 'Shaping and a paraffin dip.',
    });
    const stored = salon.database.db.select({ name: services.name, imageUrl: services.imageUrl }).from(services).all();
    const newFiles = stored
      .filter((service) => service.name === 'Lash Lift' || service.name === 'Scalp Ritual')
      .map((service) => service.imageUrl.split('/').pop());
    expect(storedUploads(salon.config)).toEqual([...uploadsBefore, ...newFiles].sort());
  });

  it("reports every bad line with the service form's messages and changes nothing", async () => {
    const before = snapshot();
    const file = csvFile('with-bad-rows.csv', [
      HEADER,
      'Good One,Make up,10,30,Fine.,,photos/lash-lift.jpg',
      'Bad Price,Make up,ten,30,Fine.,,photos/lash-lift.jpg',
      'Hot Stone Massage,SPA procedures,80,90,An update that would be fine.,,',
      'Bad Everything,Tattoos,-1,,Fine.,-5,photos/missing.jpg',
      'good one,Make up,10,30,Same name again.,,photos/lash-lift.jpg',
      'Last Good,Nail care,10,30,Fine.,,photos/scalp.png',
    ]);

    const { code, out, err } = await importing(file);

    expect(out).toBe('');
    expect(err).toBe(
      [
        `${file}: nothing was imported (7 problems).`,
        'line 3, price: Price must be a number',
        'line 5, image: cannot read "photos/missing.jpg": no such file',
        'line 5, price: Price cannot be negative',
        'line 5, duration: Duration is required',
        'line 5, category: Category must be one of: Make up, Hair styling, Nail care, cosmetology, SPA procedures',
        'line 5, bufferMinutes: Buffer cannot be negative',
        'line 6, name: This name is on line 2 already',
        '',
      ].join('\n'),
    );
    expect(code).toBe(1);
    expect(snapshot()).toEqual(before);
  });

  it('reports what only the server can tell, with the line, and changes nothing', async () => {
    const before = snapshot();
    const noPicture = csvFile('new-without-picture.csv', [
      HEADER,
      'Pictured,Make up,10,30,Fine.,,photos/lash-lift.jpg',
      'Unpictured,Make up,10,30,A new service needs a picture.,,',
    ]);
    const notAPicture = csvFile('not-a-picture.csv', [
      HEADER,
      'Pictured,Make up,10,30,Fine.,,photos/lash-lift.jpg',
      'Wrongly Pictured,Make up,10,30,Fine.,,photos/notes.jpg',
    ]);

    const first = await importing(noPicture);
    expect(first.err).toBe(`${noPicture}: nothing was imported (1 problem).\nline 3, image: Image is required\n`);
    expect(first.code).toBe(1);
    const second = await importing(notAPicture);
    expect(second.err).toBe(
      `${notAPicture}: nothing was imported (1 problem).\nline 3, image: Only JPEG, PNG or WebP images are allowed.\n`,
    );
    expect(second.code).toBe(1);
    expect(snapshot()).toEqual(before);
  });

  it("reports the file's own mistakes: a quote left open, unknown and missing columns, a row of the wrong width", async () => {
    const before = snapshot();
    const unclosed = csvFile('unclosed.csv', [
      HEADER,
      'A,Make up,1,2,d,,',
      'B,Make up,1,2,"never closed,,',
      'C,Make up,1,2,d,,',
    ]);
    const columns = csvFile('columns.csv', ['name,category,colour,duration,description', 'A,Make up,red,2,d']);
    const width = csvFile('width.csv', [
      HEADER,
      'A,Make up,1,2,d,,photos/lash-lift.jpg',
      'B,Make up,1,2,d,,,',
      'C,Make up',
    ]);

    expect((await importing(unclosed)).err).toBe(
      `${unclosed}: nothing was imported (1 problem).\nline 3: a quoted value is never closed (a " is missing)\n`,
    );
    const columnsReport = await importing(columns);
    expect(columnsReport.err).toContain('line 1: unknown column "colour"');
    expect(columnsReport.err).toContain('line 1: the column "price" is missing');
    expect(columnsReport.code).toBe(1);
    expect((await importing(width)).err).toBe(
      `${width}: nothing was imported (2 problems).\nline 3: 8 values, but the header has 7 columns\nline 4: 2 values, but the header has 7 columns\n`,
    );
    expect(snapshot()).toEqual(before);
  });

  it('refuses to run without a token, and with one the salon does not know', async () => {
    const file = csvFile('one.csv', [HEADER, 'Never Sent,Make up,10,30,Fine.,,photos/lash-lift.jpg']);
    const before = snapshot();
    expect(await importing(file, null)).toEqual({
      code: 1,
      out: '',
      err: `${missingTokenMessage('services:import -- FILE.csv')}\n`,
    });
    expect(await importing(file, 'salon_UNKNOWNUNKNOWNUNKNOWNUNKNOWN1')).toEqual({
      code: 1,
      out: '',
      err: `${TOKEN_REFUSED_MESSAGE}\n`,
    });
    expect(snapshot()).toEqual(before);
  });

  it('says which file it cannot read', async () => {
    const missing = join(dir, 'nowhere.csv');
    const { code, err } = await importing(missing);
    expect(err).toBe(`${missing}: nothing was imported (1 problem).\ncannot read ${missing}: no such file\n`);
    expect(code).toBe(1);
  });

  it('runs as `npm run services:import -- FILE.csv`, reading the file from where the command was typed', async () => {
    csvFile('wired.csv', [HEADER, 'Npm Wired,Hair styling,20,30,Imported by npm run.,,photos/scalp.png']);
    const { code, stdout, stderr } = await runCommand(
      'npm',
      ['run', '--silent', '--prefix', PROJECT_DIR, 'services:import', '--', 'wired.csv'],
      {
        cwd: dir,
        env: { SALON_URL: salon.url, SALON_API_TOKEN: salon.token },
      },
    );
    expect(stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
    expect(stdout).toBe('Imported: 1 created, 0 updated.\n  line 2: created Npm Wired\n');
    expect(code).toBe(0);
    expect((await publicServices()).map((service) => service.name)).toContain('Npm Wired');
  });
});
