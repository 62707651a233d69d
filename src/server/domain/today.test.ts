import { describe, expect, it } from 'vitest';
import { summariseDay } from './today';

describe('the figures of the salon’s day', () => {
  it('leaves cancelled bookings out, counts a visit once, and adds takings of completed bookings in cents', () => {
    const summary = summariseDay(
      [
        { _id: 'a', status: 'completed', timeSlot: '09:00', price: 10.1 },
        { _id: 'b', status: 'completed', timeSlot: '10:00', price: 20.2, visitId: 'v' },
        { _id: 'c', status: 'confirmed', timeSlot: '11:00', price: 15, visitId: 'v' },
        { _id: 'd', status: 'no-show', timeSlot: '12:00', price: 40 },
        { _id: 'e', status: 'cancelled', timeSlot: '15:00', price: 99 },
        { _id: 'f', status: 'pending', timeSlot: '16:00', price: 30 },
        { _id: 'g', status: 'confirmed', timeSlot: '13:30', price: 30 },
      ],
      '13:30',
    );
    expect(summary).toEqual({ bookings: 6, visits: 5, completed: 2, noShows: 1, ahead: 1, takings: 30.3 });
  });

  it('is all zeros for a day without bookings', () => {
    expect(summariseDay([], '10:00')).toEqual({
      bookings: 0,
      visits: 0,
      completed: 0,
      noShows: 0,
      ahead: 0,
      takings: 0,
    });
  });
});
