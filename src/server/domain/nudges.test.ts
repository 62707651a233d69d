import { describe, expect, it } from 'vitest';
import { calendarDay } from './calendar';
import { NUDGE_CATCH_UP_DAYS, isCreditedToNudge, isNudgeDue, nudgeMoment, visitsDueAt, WEEK_MS } from './nudges';

const DAY_MS = 86_400_000;
const now = new Date('2026-11-27T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
const dayOf = (instant: Date) => calendarDay(instant, 'Europe/London');

describe('nudges to rebook', () => {
  it('nudges that many weeks after the visit began', () => {
    expect(nudgeMoment(ago(42), 6).getTime()).toBe(now.getTime());
    expect(isNudgeDue(ago(42), 6, now)).toBe(true);
    expect(isNudgeDue(ago(41), 6, now)).toBe(false);
  });

  it('does not nudge for a visit whose moment passed more than the catch-up days ago', () => {
    expect(isNudgeDue(ago(42 + NUDGE_CATCH_UP_DAYS - 1), 6, now)).toBe(true);
    expect(isNudgeDue(ago(42 + NUDGE_CATCH_UP_DAYS), 6, now)).toBe(false);
    expect(isNudgeDue(ago(365), 6, now)).toBe(false);
  });

  it('reads the due visits by days a day wider than the instants', () => {
    const window = visitsDueAt(6, now, dayOf);
    expect(window.notAfter.getTime()).toBe(now.getTime() - 6 * WEEK_MS);
    expect(window.after.getTime()).toBe(window.notAfter.getTime() - NUDGE_CATCH_UP_DAYS * DAY_MS);
    expect(window.fromDay).toBe('2026-10-01');
    expect(window.toDay).toBe('2026-10-17');
    for (const days of [42, 50, 55]) {
      const start = ago(days);
      const inside = start > window.after && start <= window.notAfter;
      expect(inside, String(days)).toBe(isNudgeDue(start, 6, now));
      if (inside) expect(dayOf(start) >= window.fromDay && dayOf(start) <= window.toDay).toBe(true);
    }
  });

  it('credits a booking made after the nudge within the service’s interval, or the longest one when it has none', () => {
    const sent = ago(10);
    expect(isCreditedToNudge(sent, 6, now)).toBe(true);
    expect(isCreditedToNudge(sent, 1, now)).toBe(false);
    expect(isCreditedToNudge(sent, 6, ago(11))).toBe(false);
    expect(isCreditedToNudge(ago(300), null, now)).toBe(true);
    expect(isCreditedToNudge(ago(400), null, now)).toBe(false);
  });
});
