import { describe, expect, it } from 'vitest';
import { createSpecialistSchema, specialistFormSchema } from './specialists';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

const valid = {
  name: 'Ines Duarte',
  phone: '9811122233',
  email: 'Ines@Salon.test',
  availableFrom: '09:00',
  availableTo: '17:30',
  availableDays: ['Monday', 'Friday'],
  expertise: ['0123456789abcdef01234567'],
  image: 'abcd',
};

describe('specialist form schemas', () => {
  it('names every missing field with the spec words', () => {
    expect(
      messages(
        createSpecialistSchema.safeParse({
          name: '',
          phone: '',
          email: '',
          availableFrom: '',
          availableTo: '',
          image: '',
        }),
      ),
    ).toEqual([
      'name: Name is required',
      'phone: Please enter a valid 10-digit phone number.',
      'email: Email is required',
      'availableFrom: Available From is required',
      'availableTo: Available To is required',
      'availableDays: Please select at least one day.',
      'expertise: Select at least one specialty',
      'image: Image is required',
    ]);
  });

  it('wants exactly ten digits, a real e-mail, 24-hour times and weekday names', () => {
    expect(
      messages(
        createSpecialistSchema.safeParse({
          ...valid,
          phone: '98111',
          email: 'ines@',
          availableFrom: '9am',
          availableTo: '24:00',
          availableDays: ['Funday'],
        }),
      ),
    ).toEqual([
      'phone: Please enter a valid 10-digit phone number.',
      'email: Enter a valid email',
      'availableFrom: Available From must be a time such as 09:30 (24-hour)',
      'availableTo: Available To must be a time such as 09:30 (24-hour)',
      'availableDays.0: Days must be weekday names, Monday to Sunday',
    ]);
    expect(messages(createSpecialistSchema.safeParse({ ...valid, phone: '98111222333' }))).toEqual([
      'phone: Please enter a valid 10-digit phone number.',
    ]);
  });

  it('refuses hours that do not run forwards, even while other fields are wrong too', () => {
    expect(
      messages(createSpecialistSchema.safeParse({ ...valid, availableFrom: '18:00', availableTo: '09:00' })),
    ).toEqual(['availableTo: Available To must be later than Available From']);
    expect(
      messages(specialistFormSchema(true).safeParse({ ...valid, name: '', availableTo: '09:00', image: null })),
    ).toEqual(['name: Name is required', 'availableTo: Available To must be later than Available From']);
  });

  it('reads a single day or specialty as a one-item list, as multipart sends one choice', () => {
    const parsed = createSpecialistSchema.parse({ ...valid, availableDays: 'Sunday', expertise: 'abc' });
    expect(parsed.availableDays).toEqual(['Sunday']);
    expect(parsed.expertise).toEqual(['abc']);
  });

  it('stores times zero-padded, the e-mail lower-cased, and each day once', () => {
    const parsed = createSpecialistSchema.parse({
      ...valid,
      availableFrom: '9:05',
      availableTo: '17:30:00',
      availableDays: ['Monday', 'Monday', ''],
    });
    expect(parsed).toMatchObject({
      availableFrom: '09:05',
      availableTo: '17:30',
      email: 'ines@salon.test',
      availableDays: ['Monday'],
    });
  });
});
