import { describe, expect, it } from 'vitest';
import { bookingDateRange, planVisit, specialistsOffering } from './booking-format';

describe('booking helpers', () => {
  it('offers today up to 60 days ahead', () => {
    expect(bookingDateRange(new Date(2026, 0, 15, 23, 30))).toEqual({ min: '2026-01-15', max: '2026-03-16' });
    expect(bookingDateRange(new Date(2026, 11, 31, 0, 5))).toEqual({ min: '2026-12-31', max: '2027-03-01' });
  });

  it('narrows specialists to those offering the chosen service', () => {
    const maya = { name: 'Maya', expertise: [{ name: 'Classic Manicure' }] };
    const leo = { name: 'Leo', expertise: [{ name: 'Haircut' }] };
    expect(specialistsOffering([maya, leo], 'Classic Manicure')).toEqual([maya]);
    expect(specialistsOffering([maya, leo], '')).toEqual([maya, leo]);
  });
});

describe('a visit as the booking form quotes it', () => {
  const ANY = 'any';
  const colour = { name: 'Hair Colouring', price: 85, duration: 60, processingMinutes: 40 };
  const cut = { name: 'Haircut & Styling', price: 45, duration: 45 };
  const offered = (service: typeof colour | typeof cut, price: number, duration: number) => ({
    service: { name: service.name },
    price,
    duration,
  });
  // The senior colours faster and dearer than the junior; both cut at the salon's terms.
  const senior = {
    name: 'Leila Haddad',
    expertise: [{ name: colour.name }, { name: cut.name }],
    services: [offered(colour, 95, 60), offered(cut, 45, 45)],
  };
  const junior = {
    name: 'Anna Petrova',
    expertise: [{ name: colour.name }, { name: cut.name }],
    services: [offered(colour, 70, 75), offered(cut, 45, 45)],
  };
  const plan = (lines: { service: string; specialist: string }[], start = '') =>
    planVisit(lines, [colour, cut], [senior, junior], start, ANY);

  it('prices and times each service at its specialist’s own terms', () => {
    expect(
      plan(
        [
          { service: colour.name, specialist: junior.name },
          { service: cut.name, specialist: senior.name },
        ],
        '10:00',
      ).map(({ start, minutes, processingMinutes, price, varies }) => ({
        start,
        minutes,
        processingMinutes,
        price,
        varies,
      })),
    ).toEqual([
      // The cut waits for the colour to develop: 75 minutes of colour, then 40 of processing.
      { start: '10:00', minutes: 75, processingMinutes: 40, price: 70, varies: false },
      { start: '11:55', minutes: 45, processingMinutes: 0, price: 45, varies: false },
    ]);
  });

  it('quotes "any specialist" from the lowest price and length where theirs differ', () => {
    const [anyColour, anyCut] = plan([
      { service: colour.name, specialist: ANY },
      { service: cut.name, specialist: ANY },
    ]);
    expect(anyColour).toMatchObject({ start: null, price: 70, minutes: 60, varies: true });
    expect(anyCut).toMatchObject({ price: 45, minutes: 45, varies: false });
  });

  it('falls back to the service’s own terms until a specialist is chosen, and leaves out unknown services', () => {
    expect(
      plan([
        { service: colour.name, specialist: '' },
        { service: 'Gone', specialist: ANY },
      ]),
    ).toEqual([
      {
        service: colour.name,
        specialist: '',
        start: null,
        price: 85,
        minutes: 60,
        processingMinutes: 40,
        varies: false,
      },
    ]);
  });
});
