import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/client/lib/session-draft';
import { ANY_SPECIALIST } from '@/shared/constants';
import {
  choicesForService,
  clearBookingDraft,
  saveBookingDraft,
  parseBookingDraft,
  readBookingDraft,
  serializeBookingDraft,
} from './booking-choices';

const TODAY = '2026-11-25';
const chosen = {
  service: 'Classic Manicure',
  specialist: 'Maya Chen',
  bookingDate: '2026-12-01',
  timeSlot: '14:30',
  extras: [] as { service: string; specialist: string }[],
};
const nothing = { service: '', specialist: '', bookingDate: '', timeSlot: '', extras: [] };

describe('a booking draft kept while a guest logs in', () => {
  it('comes back as the guest left it, without who they are, and is gone once cleared', () => {
    const storage = memoryStorage();
    saveBookingDraft({ ...chosen, firstName: 'Ann', email: 'ann@example.com' } as typeof chosen, storage);
    expect(readBookingDraft(TODAY, storage)).toEqual(chosen);
    clearBookingDraft(storage);
    expect(readBookingDraft(TODAY, storage)).toBeNull();
  });

  it('is not kept when nothing is chosen', () => {
    const storage = memoryStorage();
    saveBookingDraft(chosen, storage);
    saveBookingDraft(nothing, storage);
    expect(storage.size()).toBe(0);
    expect(serializeBookingDraft(nothing)).toBeNull();
  });

  it('keeps the visit’s further services with their specialists, within the form’s limits', () => {
    const storage = memoryStorage();
    const visit = {
      ...chosen,
      extras: [
        { service: 'Haircut & Styling', specialist: ANY_SPECIALIST },
        { service: 'Blow-dry', specialist: 'Anna Petrova' },
      ],
    };
    saveBookingDraft(visit, storage);
    expect(readBookingDraft(TODAY, storage)).toEqual(visit);
    // A service added but not yet chosen is kept too: the form shows its empty line again.
    const adding = { ...nothing, extras: [{ service: '', specialist: ANY_SPECIALIST }] };
    saveBookingDraft(adding, storage);
    expect(readBookingDraft(TODAY, storage)).toEqual(adding);
    const tooMany = Array.from({ length: 9 }, () => ({ service: 'Blow-dry', specialist: ANY_SPECIALIST }));
    expect(parseBookingDraft(JSON.stringify({ ...chosen, extras: tooMany }), TODAY)?.extras).toHaveLength(5);
    expect(parseBookingDraft(JSON.stringify({ ...chosen, extras: 'Blow-dry' }), TODAY)?.extras).toEqual([]);
    expect(
      parseBookingDraft(
        JSON.stringify({ ...chosen, extras: [null, { service: 7, specialist: 'x'.repeat(101) }] }),
        TODAY,
      )?.extras,
    ).toEqual([
      { service: '', specialist: '' },
      { service: '', specialist: '' },
    ]);
  });

  it('drops a day already past with its time, and a time without a day', () => {
    expect(parseBookingDraft(JSON.stringify({ ...chosen, bookingDate: '2026-11-24' }), TODAY)).toEqual({
      ...chosen,
      bookingDate: '',
      timeSlot: '',
    });
    expect(parseBookingDraft(JSON.stringify({ ...chosen, bookingDate: TODAY }), TODAY)?.bookingDate).toBe(TODAY);
    expect(parseBookingDraft(JSON.stringify({ ...chosen, bookingDate: '2026-02-30' }), TODAY)?.timeSlot).toBe('');
  });

  it('ignores what is not a draft, or not within the form limits', () => {
    expect(parseBookingDraft('not json', TODAY)).toBeNull();
    expect(parseBookingDraft('[]', TODAY)).toBeNull();
    expect(parseBookingDraft(JSON.stringify({ service: 3, specialist: null }), TODAY)).toBeNull();
    expect(parseBookingDraft(JSON.stringify({ ...chosen, timeSlot: '25:00' }), TODAY)?.timeSlot).toBe('');
    expect(parseBookingDraft(JSON.stringify({ ...chosen, service: 'x'.repeat(101) }), TODAY)?.service).toBe('');
    expect(parseBookingDraft(JSON.stringify({ ...chosen, specialist: 'x'.repeat(2000) }), TODAY)).toBeNull();
  });
});

describe('choosing another service in the booking form', () => {
  const maya = { name: 'Maya Chen', expertise: [{ name: 'Classic Manicure' }, { name: 'Gel Pedicure' }] };
  const anna = { name: 'Anna Petrova', expertise: [{ name: 'Evening Make up' }] };

  it('keeps a specialist who offers it and asks for the time again', () => {
    expect(choicesForService(chosen, 'Gel Pedicure', [maya, anna])).toEqual({
      ...chosen,
      service: 'Gel Pedicure',
      timeSlot: '',
    });
  });

  it('drops a specialist who does not offer it, and "any specialist" when nobody does', () => {
    expect(choicesForService(chosen, 'Evening Make up', [maya, anna]).specialist).toBe('');
    const anyone = { ...chosen, specialist: ANY_SPECIALIST };
    expect(choicesForService(anyone, 'Evening Make up', [maya, anna]).specialist).toBe(ANY_SPECIALIST);
    expect(choicesForService(anyone, 'Hot Stone Massage', [maya, anna]).specialist).toBe('');
  });
});
