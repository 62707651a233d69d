import { describe, expect, it } from 'vitest';
import { instantAt } from './calendar';
import {
  clashMessage,
  clockOf,
  placeVisit,
  visitObstacle,
  unbookableDayReason,
  visitHorizonDays,
  visitStartTimes,
  type Interval,
  type PlacedItem,
  type VisitCandidate,
  type VisitItemQuery,
  type VisitQuery,
} from './visits';

const ZONE = 'Asia/Kolkata';
const DAY = '2026-12-01'; // a Tuesday
const MINUTE_MS = 60_000;

const at = (time: string, day = DAY, zone = ZONE): Date => instantAt(day, time, zone);
const busy = (from: string, to: string, day = DAY, zone = ZONE): Interval => ({
  startsAt: at(from, day, zone),
  endsAt: at(to, day, zone),
});
const candidate = (
  id: string,
  durationMinutes: number,
  overrides: Partial<Omit<VisitCandidate, 'id' | 'durationMinutes'>> = {},
): VisitCandidate => ({ id, durationMinutes, ranges: [{ from: '09:00', to: '13:00' }], busy: [], ...overrides });
const item = (candidates: VisitCandidate[], overrides: Partial<Omit<VisitItemQuery, 'candidates'>> = {}) => ({
  bufferMinutes: 0,
  processingMinutes: 0,
  minNoticeMinutes: 0,
  candidates,
  ...overrides,
});
const visit = (items: VisitItemQuery[], overrides: Partial<Omit<VisitQuery, 'items'>> = {}): VisitQuery => ({
  day: DAY,
  timeZone: ZONE,
  stepMinutes: 30,
  now: new Date('2026-11-30T12:00:00Z'),
  items,
  ...overrides,
});

/** A placed item as wall-clock times, easy to compare. */
const shown = (placed: PlacedItem, zone = ZONE) => ({
  specialistId: placed.specialistId,
  startsAt: clockOf(placed.startsAt, zone),
  endsAt: clockOf(placed.endsAt, zone),
  clientEndsAt: clockOf(placed.clientEndsAt, zone),
});
const placed = (query: VisitQuery, time: string) =>
  placeVisit(query, time)?.map((p) => shown(p, query.timeZone)) ?? null;

/** Every offered start can be placed, and the first item starts at that very time. */
const expectPlaceable = (query: VisitQuery) => {
  for (const time of visitStartTimes(query)) {
    const items = placeVisit(query, time);
    expect(items, time).not.toBeNull();
    expect(clockOf((items ?? [])[0]?.startsAt ?? new Date(NaN), query.timeZone)).toBe(time);
  }
};

/** No two placed items of one specialist overlap. */
const expectNoOverlapPerSpecialist = (items: readonly PlacedItem[]) => {
  const bySpecialist = new Map<string, PlacedItem[]>();
  for (const p of items) bySpecialist.set(p.specialistId, [...(bySpecialist.get(p.specialistId) ?? []), p]);
  for (const [id, own] of bySpecialist) {
    const sorted = [...own].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1]!;
      const after = sorted[i]!;
      expect(before.endsAt.getTime(), `${id}: item ending ${before.endsAt.toISOString()}`).toBeLessThanOrEqual(
        after.startsAt.getTime(),
      );
    }
  }
};

describe('visit start times', () => {
  it('starts the next item after the previous one’s active and processing time', () => {
    // Colour 60 min + 40 processing by A, then a cut of 30 by B.
    const query = visit([item([candidate('A', 60)], { processingMinutes: 40 }), item([candidate('B', 30)])]);
    expect(placed(query, '09:00')).toEqual([
      { specialistId: 'A', startsAt: '09:00', endsAt: '10:00', clientEndsAt: '10:40' },
      { specialistId: 'B', startsAt: '10:40', endsAt: '11:10', clientEndsAt: '11:10' },
    ]);
    // The cut must end by 13:00, so the visit starts by 10:50: 10:30 on the grid.
    expect(visitStartTimes(query)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expectPlaceable(query);
  });

  it('leaves the specialist free during processing but not during active time', () => {
    const colourThenCut = (aBusy: Interval[]) =>
      visit([item([candidate('A', 60, { busy: aBusy })], { processingMinutes: 40 }), item([candidate('B', 30)])]);
    // A is booked 10:00-10:30, inside the colour's processing (10:00-10:40): 09:00 still works.
    const duringProcessing = colourThenCut([busy('10:00', '10:30')]);
    expect(visitStartTimes(duringProcessing)).toEqual(['09:00', '10:30']);
    expect(placed(duringProcessing, '09:00')?.[1]?.startsAt).toBe('10:40');
    // A booked 09:30-10:00 overlaps the active time of a 09:00 (or 09:30) start.
    const duringActive = colourThenCut([busy('09:30', '10:00')]);
    expect(visitStartTimes(duringActive)).toEqual(['10:00', '10:30']);
    expect(placeVisit(duringActive, '09:00')).toBeNull();
  });

  it('keeps the specialist busy for the buffer, alongside the processing', () => {
    const query = (bufferMinutes: number, aBusy: Interval[] = []) =>
      visit([
        item([candidate('A', 60, { busy: aBusy })], { processingMinutes: 40, bufferMinutes }),
        item([candidate('B', 30)]),
      ]);
    // A 09:00 start holds A until 10:15 with a 15-minute buffer: a booking from 10:10 refuses it.
    expect(visitStartTimes(query(15, [busy('10:10', '10:40')]))).not.toContain('09:00');
    expect(placeVisit(query(15, [busy('10:10', '10:40')]), '09:00')).toBeNull();
    // Without the buffer it is fine.
    expect(visitStartTimes(query(0, [busy('10:10', '10:40')]))).toContain('09:00');
    // The buffer does not delay the next item: it runs alongside the processing.
    expect(placed(query(15), '09:00')).toEqual([
      { specialistId: 'A', startsAt: '09:00', endsAt: '10:15', clientEndsAt: '10:40' },
      { specialistId: 'B', startsAt: '10:40', endsAt: '11:10', clientEndsAt: '11:10' },
    ]);
  });

  it('keeps every item inside a range of its own specialist, around breaks', () => {
    const ranges = [
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ];
    // One 60-minute item: 11:30 would cross 12:00.
    const single = visit([item([candidate('A', 60, { ranges })])]);
    expect(visitStartTimes(single)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    // A second item by B, who has the same break: from 11:00 it would land at 12:00, in the break.
    const two = visit([item([candidate('A', 60, { ranges })]), item([candidate('B', 30, { ranges })])]);
    expect(visitStartTimes(two)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
    ]);
    expect(placeVisit(two, '11:00')).toBeNull();
    expectPlaceable(two);
  });

  it('keeps the client’s processing inside the range too', () => {
    // A cut of 30 by B, then colour 60 + 40 processing by A; both work 09:00-13:00. The colour's
    // processing must be over by 13:00, so the colour starts by 11:20 and the visit by 10:50.
    const query = visit([item([candidate('B', 30)]), item([candidate('A', 60)], { processingMinutes: 40 })]);
    expect(visitStartTimes(query)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(placeVisit(query, '11:00')).toBeNull();
    // The colour alone in 09:00-12:00: 10:30 would finish developing at 12:10.
    const alone = visit([
      item([candidate('A', 60, { ranges: [{ from: '09:00', to: '12:00' }] })], { processingMinutes: 40 }),
    ]);
    expect(visitStartTimes(alone)).toEqual(['09:00', '09:30', '10:00']);
  });

  it('places "any specialist" items with the first free candidate, in the order given', () => {
    const query = (bBusy: Interval[], cBusy: Interval[]) =>
      visit([
        item([candidate('A', 60)]),
        item([
          candidate('B', 30, { busy: bBusy, ranges: [{ from: '09:00', to: '12:00' }] }),
          candidate('C', 30, { busy: cBusy, ranges: [{ from: '09:00', to: '12:00' }] }),
        ]),
      ]);
    // Both free: B, the first, does item 2.
    const bothFree = query([], []);
    expect(visitStartTimes(bothFree)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(placed(bothFree, '09:00')?.map((p) => p.specialistId)).toEqual(['A', 'B']);
    // B busy when item 2 would start (10:00): C does it.
    const bBooked = query([busy('10:00', '10:30')], []);
    expect(visitStartTimes(bBooked)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(placed(bBooked, '09:00')).toEqual([
      { specialistId: 'A', startsAt: '09:00', endsAt: '10:00', clientEndsAt: '10:00' },
      { specialistId: 'C', startsAt: '10:00', endsAt: '10:30', clientEndsAt: '10:30' },
    ]);
    // Both busy then: 09:00 is not offered.
    const bothBooked = query([busy('10:00', '10:30')], [busy('10:00', '10:30')]);
    expect(visitStartTimes(bothBooked)).toEqual(['09:30', '10:00', '10:30']);
    expect(placeVisit(bothBooked, '09:00')).toBeNull();
    expectPlaceable(bBooked);
  });

  it('uses each candidate’s own length: what fits, and when the next item starts', () => {
    // Item 1: A takes 60 minutes, B 90. Item 2: C, 30 minutes, booked 10:00-10:30.
    const ranges = [{ from: '09:00', to: '12:00' }];
    const c = candidate('C', 30, { ranges, busy: [busy('10:00', '10:30')] });
    const a = candidate('A', 60, { ranges });
    const b = candidate('B', 90, { ranges });
    const query = visit([item([a, b]), item([c])]);
    // 09:00 works only through B (item 2 at 10:30; through A it would be 10:00, when C is
    // busy); 10:30 only through A (through B item 2 would end at 12:30).
    expect(visitStartTimes(visit([item([a]), item([c])]))).toEqual(['09:30', '10:00', '10:30']);
    expect(visitStartTimes(visit([item([b]), item([c])]))).toEqual(['09:00', '09:30', '10:00']);
    expect(visitStartTimes(query)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(placed(query, '09:00')).toEqual([
      { specialistId: 'B', startsAt: '09:00', endsAt: '10:30', clientEndsAt: '10:30' },
      { specialistId: 'C', startsAt: '10:30', endsAt: '11:00', clientEndsAt: '11:00' },
    ]);
    expect(placed(query, '10:30')).toEqual([
      { specialistId: 'A', startsAt: '10:30', endsAt: '11:30', clientEndsAt: '11:30' },
      { specialistId: 'C', startsAt: '11:30', endsAt: '12:00', clientEndsAt: '12:00' },
    ]);
    // Both could: A, the first, and item 2 follows A's 60 minutes.
    expect(placed(query, '09:30')?.map((p) => [p.specialistId, p.startsAt])).toEqual([
      ['A', '09:30'],
      ['C', '10:30'],
    ]);
    const placedItems = placeVisit(query, '09:00') ?? [];
    expect(placedItems[0]?.durationMinutes).toBe(90);
  });

  it('lets one specialist go straight on to their next item, cutting the buffer', () => {
    const query = visit([
      item([candidate('A', 30)], { bufferMinutes: 10 }),
      item([candidate('A', 30)], { bufferMinutes: 10 }),
    ]);
    const items = placeVisit(query, '09:00') ?? [];
    expect(items.map((p) => shown(p))).toEqual([
      { specialistId: 'A', startsAt: '09:00', endsAt: '09:30', clientEndsAt: '09:30' },
      { specialistId: 'A', startsAt: '09:30', endsAt: '10:10', clientEndsAt: '10:00' },
    ]);
    expect(items[0]?.endsAt.getTime()).toBe(items[1]?.startsAt.getTime());
    expectNoOverlapPerSpecialist(items);
    // The last item's buffer must still fit: 30 + 30 + 10 by 13:00, so 11:50 at the latest.
    expect(visitStartTimes(query).at(-1)).toBe('11:30');
  });

  it('never overlaps one specialist’s items, with another specialist’s item in between', () => {
    // A: 30 minutes with a 60-minute buffer; B: 15 minutes; A again at 09:45, inside A's buffer
    // from the first item (09:30-10:30).
    const query = visit([
      item([candidate('A', 30)], { bufferMinutes: 60 }),
      item([candidate('B', 15)]),
      item([candidate('A', 30)]),
    ]);
    const items = placeVisit(query, '09:00');
    expect(items === null).toBe(!visitStartTimes(query).includes('09:00'));
    expectNoOverlapPerSpecialist(items ?? []);
  });

  it('asks each item’s notice of its own start', () => {
    const oneItem = (now: Date) =>
      visit(
        [
          item([candidate('A', 30, { ranges: [{ from: '09:15', to: '12:00' }] })], {
            minNoticeMinutes: 24 * 60,
          }),
        ],
        { now },
      );
    // A day's notice, asked the day before at 10:00: from 10:00 on.
    expect(visitStartTimes(oneItem(at('10:00', '2026-11-30')))).toEqual(['10:15', '10:45', '11:15']);
    expect(placeVisit(oneItem(at('10:00', '2026-11-30')), '09:45')).toBeNull();
    // Asked earlier, every time is far enough ahead.
    expect(visitStartTimes(oneItem(at('08:00', '2026-11-30')))).toEqual(['09:15', '09:45', '10:15', '10:45', '11:15']);

    // Two 30-minute items; 2 hours' notice asked at 07:45 on the day: not before 09:45.
    const now = at('07:45');
    const noticeOn = (index: number) =>
      visit(
        [0, 1].map((i) => item([candidate(i === 0 ? 'A' : 'B', 30)], { minNoticeMinutes: i === index ? 120 : 0 })),
        { now, day: DAY },
      );
    // On item 1: the visit starts from 10:00.
    expect(visitStartTimes(noticeOn(0))).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00']);
    // On item 2: item 2 starts from 10:00, so the visit may start at 09:30.
    expect(visitStartTimes(noticeOn(1))).toEqual(['09:30', '10:00', '10:30', '11:00', '11:30', '12:00']);
    expect(placed(noticeOn(1), '09:30')?.[1]?.startsAt).toBe('10:00');
  });

  it('offers a start exactly as far ahead as the notice asks', () => {
    // "At least this long after now": a day's notice asked at 10:00 the day before allows 10:00.
    const query = visit(
      [item([candidate('A', 30, { ranges: [{ from: '09:00', to: '12:00' }] })], { minNoticeMinutes: 1440 })],
      {
        now: at('10:00', '2026-11-30'),
      },
    );
    expect(visitStartTimes(query)).toEqual(['10:00', '10:30', '11:00', '11:30']);
  });

  it('keeps to the nearest horizon of the visit’s services', () => {
    // Now: 2026-11-30 17:30 in Kolkata. One item may be booked at most 7 days ahead.
    const query = (day: string) =>
      visit([item([candidate('A', 30)]), item([candidate('B', 30)], { maxAdvanceDays: 7 })], { day });
    expect(visitStartTimes(query('2026-12-08'))).toEqual([]);
    expect(placeVisit(query('2026-12-08'), '09:00')).toBeNull();
    expect(visitStartTimes(query('2026-12-07'))).toContain('09:00');
    expect(unbookableDayReason('2026-12-08', '2026-11-30', 7)).toBe('Bookings can be made up to 7 days ahead.');
    expect(unbookableDayReason('2026-12-07', '2026-11-30', 7)).toBeNull();
    expect(unbookableDayReason('2026-11-29', '2026-11-30', 7)).toBe(
      'This date is in the past. Please choose another one.',
    );
    expect(visitHorizonDays([{ maxAdvanceDays: 30 }, { maxAdvanceDays: null }, { maxAdvanceDays: 7 }])).toBe(7);
    expect(visitHorizonDays([{ maxAdvanceDays: 30 }, {}], 20)).toBe(20);
    expect(visitHorizonDays([{}, { maxAdvanceDays: undefined }])).toBe(60);
  });

  it('counts real time across a spring-forward day', () => {
    // London, 29 March 2026: 01:00 jumps to 02:00, so 01:00 and 01:30 do not exist.
    const zone = 'Europe/London';
    const day = '2026-03-29';
    const query = visit(
      [
        item([candidate('A', 60, { ranges: [{ from: '00:00', to: '04:00' }] })], { processingMinutes: 30 }),
        item([candidate('B', 30, { ranges: [{ from: '00:00', to: '04:00' }] })]),
      ],
      { day, timeZone: zone, now: new Date('2026-03-01T00:00:00Z') },
    );
    // The range is three real hours (00:00 GMT to 04:00 BST); the visit takes two.
    expect(visitStartTimes(query)).toEqual(['00:00', '00:30', '02:00']);
    expect(placeVisit(query, '01:00')).toBeNull();
    expect(placeVisit(query, '01:30')).toBeNull();
    // From 00:30: colour to 01:30 GMT (02:30 BST), processing to 03:00 BST, when B starts.
    expect(placed(query, '00:30')).toEqual([
      { specialistId: 'A', startsAt: '00:30', endsAt: '02:30', clientEndsAt: '03:00' },
      { specialistId: 'B', startsAt: '03:00', endsAt: '03:30', clientEndsAt: '03:30' },
    ]);
    const items = placeVisit(query, '00:30') ?? [];
    expect(items[0]?.startsAt.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(items[1]?.startsAt.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expectPlaceable(query);
  });

  it('counts real time across a fall-back day, reading a repeated time as its second occurrence', () => {
    // London, 25 October 2026: 02:00 BST falls back to 01:00 GMT, so 01:00-01:59 happen twice.
    const zone = 'Europe/London';
    const day = '2026-10-25';
    const query = visit(
      [
        item([candidate('A', 60, { ranges: [{ from: '00:00', to: '04:00' }] })], { processingMinutes: 30 }),
        item([candidate('B', 30, { ranges: [{ from: '00:00', to: '04:00' }] })]),
      ],
      { day, timeZone: zone, now: new Date('2026-10-01T00:00:00Z') },
    );
    // Five real hours; the grid's 01:00 and 01:30 are the GMT ones.
    expect(visitStartTimes(query)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00']);
    // From 00:00 BST (23:00 UTC the day before), item 2 starts 90 minutes later: 01:30 BST.
    const fromMidnight = placeVisit(query, '00:00') ?? [];
    expect(fromMidnight.map((p) => p.startsAt.toISOString())).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:30:00.000Z',
    ]);
    expect(fromMidnight.map((p) => clockOf(p.startsAt, zone))).toEqual(['00:00', '01:30']);
    // From 00:30 BST, item 2 is at 01:00 GMT, the second 01:00 of the day.
    const fromHalfPast = placeVisit(query, '00:30') ?? [];
    expect(fromHalfPast.map((p) => clockOf(p.startsAt, zone))).toEqual(['00:30', '01:00']);
    // The "01:00" start is the GMT one.
    expect(placeVisit(query, '01:00')?.[0]?.startsAt.toISOString()).toBe('2026-10-25T01:00:00.000Z');
    for (const time of visitStartTimes(query)) {
      const [first, second] = placeVisit(query, time) ?? [];
      expect((second?.startsAt.getTime() ?? NaN) - (first?.startsAt.getTime() ?? NaN), time).toBe(90 * MINUTE_MS);
    }
  });

  it('offers nothing on a past day, a day off, or for no items', () => {
    const one = (overrides: Partial<Omit<VisitQuery, 'items'>> = {}, ranges = [{ from: '09:00', to: '12:00' }]) =>
      visit([item([candidate('A', 30, { ranges })])], overrides);
    expect(visitStartTimes(one())).not.toEqual([]);
    expect(visitStartTimes(one({ day: '2026-11-29' }))).toEqual([]);
    expect(placeVisit(one({ day: '2026-11-29' }), '09:00')).toBeNull();
    expect(visitStartTimes(one({}, []))).toEqual([]);
    expect(placeVisit(one({}, []), '09:00')).toBeNull();
    // A later item's specialist off that day: no start either.
    expect(visitStartTimes(visit([item([candidate('A', 30)]), item([candidate('B', 30, { ranges: [] })])]))).toEqual(
      [],
    );
    expect(visitStartTimes(visit([]))).toEqual([]);
    expect(placeVisit(visit([]), '09:00')).toBeNull();
  });

  it("takes the grid from the first item's specialists' own ranges; later items need not be on it", () => {
    // Item 1 of 45 minutes: item 2 starts at 09:45, off the 30-minute grid.
    const query = visit([item([candidate('A', 45)]), item([candidate('B', 30)])]);
    expect(placed(query, '09:00')?.map((p) => p.startsAt)).toEqual(['09:00', '09:45']);
    // A's range starts at 09:15: the grid follows it, not the hour.
    const shifted = visit([
      item([candidate('A', 30, { ranges: [{ from: '09:15', to: '11:00' }] })]),
      item([candidate('B', 30, { ranges: [{ from: '09:00', to: '12:00' }] })]),
    ]);
    expect(visitStartTimes(shifted)).toEqual(['09:15', '09:45', '10:15']);
    expect(placeVisit(shifted, '09:00')).toBeNull();
    // "Any" for item 1: each candidate's grid, merged in time order.
    const any = visit([
      item([
        candidate('B', 30, { ranges: [{ from: '10:15', to: '12:00' }] }),
        candidate('A', 30, { ranges: [{ from: '09:00', to: '10:00' }] }),
      ]),
    ]);
    expect(visitStartTimes(any)).toEqual(['09:00', '09:30', '10:15', '10:45', '11:15']);
    expect(placeVisit(any, '09:00')?.[0]?.specialistId).toBe('A');
    expect(placeVisit(any, '10:15')?.[0]?.specialistId).toBe('B');
    expect(placeVisit(any, '09:15')).toBeNull();
    expectPlaceable(any);
  });
});

describe('what a refused time clashes with', () => {
  it('names the first item outside its hours or onto something busy, in order', () => {
    const lunch = busy('11:00', '12:00');
    const anna = candidate('anna', 60, { busy: [lunch] });
    const maya = candidate('maya', 30);
    // A 60-minute item at 10:30 runs into 11:00.
    expect(visitObstacle(visit([item([anna])]), '10:30')).toEqual({ kind: 'busy', item: 0, busy: lunch });
    // The buffer keeps the specialist too.
    expect(visitObstacle(visit([item([anna], { bufferMinutes: 15 })]), '09:50')).toMatchObject({ kind: 'busy' });
    expect(visitObstacle(visit([item([anna])]), '09:00')).toBeNull();
    // The second item (Anna after Maya's 30 minutes) is the one that clashes.
    expect(visitObstacle(visit([item([maya]), item([anna])]), '10:00')).toMatchObject({ kind: 'busy', item: 1 });
    // Past the end of the day, processing time included.
    const late = visitObstacle(visit([item([maya], { processingMinutes: 45 })]), '12:30');
    expect(late?.kind).toBe('not-working');
    if (late?.kind === 'not-working') {
      expect([clockOf(late.startsAt, ZONE), clockOf(late.endsAt, ZONE)]).toEqual(['12:30', '13:45']);
    }
  });

  it('says nothing where "any" leaves the specialist open', () => {
    expect(visitObstacle(visit([item([candidate('a', 60), candidate('b', 60)])]), '12:30')).toBeNull();
  });

  it('words the clash as the back office shows times', () => {
    expect(
      clashMessage({
        kind: 'booking',
        customerName: 'Olivia Brown',
        serviceName: 'Aroma SPA Ritual',
        timeSlot: '12:00',
        endTime: '14:00',
      }),
    ).toBe("Clashes with Olivia Brown's Aroma SPA Ritual, 12:00 PM – 2:00 PM.");
    expect(clashMessage({ kind: 'time-off', specialistName: 'Leila Haddad' })).toBe(
      'Leila Haddad is on time off then.',
    );
    expect(
      clashMessage({
        kind: 'not-working',
        specialistName: 'Leila Haddad',
        from: '17:30',
        to: '18:30',
        worksThatDay: true,
      }),
    ).toBe('Leila Haddad does not work 5:30 PM – 6:30 PM that day.');
    expect(
      clashMessage({ kind: 'not-working', specialistName: 'Leila Haddad', from: '', to: '', worksThatDay: false }),
    ).toBe('Leila Haddad does not work that day.');
  });
});
