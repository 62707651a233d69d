// `admin.specialists.weeks` over real HTTP: every live specialist's week with its breaks, and the
// first few entries of their time off ahead with a count of the rest.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TIME_OFF_AHEAD_SHOWN, type SpecialistWeek } from '@/shared/schemas/schedules';
import type { TimeOff } from '@/shared/schemas/time-off';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import { idOfSpecialist } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

describe('the specialists screen’s weeks', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  const salon = useTestApp({ admin: true });
  beforeAll(() => {
    ({ env, app, admin } = salon);
  });

  const weeks = async () => {
    const answer = await admin.trpc<SpecialistWeek[]>('query', 'admin.specialists.weeks');
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    return answer.data ?? [];
  };

  it('gives every live specialist their own week, breaks included', async () => {
    const sofiaId = idOfSpecialist(env.database.db, 'Sofia Rossi');
    const saved = await admin.rest('PUT', `/admin/specialists/${sofiaId}/schedule`, {
      days: [
        {
          day: 'Tuesday',
          ranges: [
            { from: '09:00', to: '13:00' },
            { from: '14:00', to: '18:00' },
          ],
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const all = await weeks();
    const listed = (await new TestClient(app).rest<{ _id: string }[]>('GET', '/specialists')).body.data;
    expect(all.map((week) => week.specialist._id).sort()).toEqual(listed.map((s) => s._id).sort());
    const sofia = all.find((week) => week.specialist._id === sofiaId);
    expect(sofia?.days).toHaveLength(7);
    expect(sofia?.days.find((day) => day.day === 'Tuesday')).toEqual({
      day: 'Tuesday',
      ranges: [
        { from: '09:00', to: '13:00' },
        { from: '14:00', to: '18:00' },
      ],
      own: true,
    });
  });

  it('lists the first time off ahead and counts the rest', async () => {
    const mayaId = idOfSpecialist(env.database.db, 'Maya Chen');
    const today = todayIn(env.config.timezone);
    const added: string[] = [];
    for (const ahead of [30, 10, 20, 40, 50]) {
      const day = addCalendarDays(today, ahead);
      const response = await admin.rest<TimeOff>('POST', `/admin/specialists/${mayaId}/time-off`, {
        startsAt: `${day}T09:00`,
        endsAt: `${day}T12:00`,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      added.push(day);
    }
    // The same as the specialist's own time off list, earliest first, cut after the first few.
    const ahead = (await admin.rest<TimeOff[]>('GET', `/admin/specialists/${mayaId}/time-off`)).body.data;
    expect(ahead.length).toBeGreaterThanOrEqual(added.length);
    const maya = (await weeks()).find((week) => week.specialist._id === mayaId);
    expect(maya?.timeOff).toEqual(ahead.slice(0, TIME_OFF_AHEAD_SHOWN));
    expect(maya?.moreTimeOff).toBe(ahead.length - TIME_OFF_AHEAD_SHOWN);
  });

  it('is for the managers only', async () => {
    const anonymous = await new TestClient(app).trpc('query', 'admin.specialists.weeks');
    expect(anonymous.status).toBe(401);
  });
});
