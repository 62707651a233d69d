import { describe, expect, it } from 'vitest';
import {
  bookingLabel,
  bookingMove,
  changedColumns,
  changedFields,
  periodWords,
  statusChange,
  whenOf,
} from './activity';

describe('the activity log’s words', () => {
  const place = { serviceName: 'Haircut', specialistName: 'Maya Chen', bookingDate: '2026-12-01', timeSlot: '10:00' };

  it('names a booking and when it is for', () => {
    expect(bookingLabel(place)).toBe('Haircut with Maya Chen');
    expect(whenOf(place)).toBe('Tuesday 01/12/2026, 10:00 AM');
  });

  it('says where a booking moved, naming the specialist only when it changed', () => {
    expect(bookingMove(place, { ...place, bookingDate: '2026-12-02', timeSlot: '11:30' })).toBe(
      'Tuesday 01/12/2026, 10:00 AM → Wednesday 02/12/2026, 11:30 AM',
    );
    expect(bookingMove(place, { ...place, specialistName: 'Leila Haddad' })).toBe(
      'Tuesday 01/12/2026, 10:00 AM with Maya Chen → Tuesday 01/12/2026, 10:00 AM with Leila Haddad',
    );
  });

  it('says a status change in the salon’s words', () => {
    expect(statusChange('pending', 'no-show')).toBe('Pending → No-show');
  });

  it('lists the fields an edit sent, without the id', () => {
    expect(changedFields({ id: 'x', name: 'Cut', durationMinutes: 30, image: undefined })).toBe(
      'Changed name, duration minutes',
    );
    expect(changedFields({ id: 'x' })).toBe('');
    expect(changedFields(undefined)).toBe('');
  });

  it('words time off on one day and across days', () => {
    expect(periodWords('2026-12-01T10:00', '2026-12-01T13:00')).toBe('Tuesday 01/12/2026, 10:00 AM – 1:00 PM');
    expect(periodWords('2026-12-01T10:00', '2026-12-03T18:00')).toBe(
      'Tuesday 01/12/2026, 10:00 AM – Thursday 03/12/2026, 6:00 PM',
    );
  });

  it('names the columns an edit changed, not those it only touched', () => {
    const before = { id: 'x', name: 'Cut', price: 4000, updatedAt: new Date(1), since: new Date(5) };
    const after = { id: 'x', name: 'Cut', price: 4500, updatedAt: new Date(2), since: new Date(5) };
    expect(changedColumns(before, after)).toBe('Changed price');
    expect(changedColumns(before, { ...before, updatedAt: new Date(3) })).toBe('');
  });
});
