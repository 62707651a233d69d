// Small pure helpers of the booking form and the "My appointments" list.
import { specialistsOffering } from '@/client/components/forms/visit-items';

export { specialistsOffering };

// The date range is the back office's too; it lives with the other day helpers.
export { bookingDateRange } from '@/client/lib/day-format';

/** One service of a visit as the form holds it: names, or ANY_SPECIALIST. */
export interface VisitLine {
  service: string;
  specialist: string;
}

interface ServiceFacts {
  name: string;
  price: number;
  duration: number;
  processingMinutes?: number | undefined;
}

interface SpecialistFacts {
  name: string;
  expertise: readonly { name: string }[];
  services?: readonly { service: { name: string }; price: number; duration: number }[] | undefined;
}

/** One item of a planned visit: when it starts (with a start time chosen), how long, at what price. */
export interface PlannedItem extends VisitLine {
  /** `HH:MM`, or null until a time is chosen. */
  start: string | null;
  minutes: number;
  processingMinutes: number;
  /** Before any discount of the day. */
  price: number;
  /** "Any specialist" and the specialists who offer it differ: the price and length are the lowest. */
  varies: boolean;
}

const clockPlus = (time: string, minutes: number): string => {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = (hours * 60 + mins + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/**
 * The visit as the form can tell it before booking: each chosen service in order with its
 * specialist's price and length (their own, else the service's; for "any", the lowest of those who
 * offer it, marked as varying), and its start after the previous one's length and processing time.
 * Lines without a known service are left out.
 */
export function planVisit(
  lines: readonly VisitLine[],
  services: readonly ServiceFacts[],
  specialists: readonly SpecialistFacts[],
  start: string,
  anySpecialist: string,
): PlannedItem[] {
  let next = start === '' ? null : start;
  return lines.flatMap((line) => {
    const service = services.find((candidate) => candidate.name === line.service);
    if (!service) return [];
    const termsOf = (specialist: SpecialistFacts) => {
      const own = specialist.services?.find((offered) => offered.service.name === service.name);
      return { price: own?.price ?? service.price, minutes: own?.duration ?? service.duration };
    };
    const candidates =
      line.specialist === anySpecialist
        ? specialistsOffering(specialists, service.name)
        : specialists.filter((specialist) => specialist.name === line.specialist);
    const terms =
      candidates.length > 0 ? candidates.map(termsOf) : [{ price: service.price, minutes: service.duration }];
    const price = Math.min(...terms.map((term) => term.price));
    const minutes = Math.min(...terms.map((term) => term.minutes));
    const varies = terms.some((term) => term.price !== price || term.minutes !== minutes);
    const processingMinutes = service.processingMinutes ?? 0;
    const item: PlannedItem = { ...line, start: next, minutes, processingMinutes, price, varies };
    next = next === null ? null : clockPlus(next, minutes + processingMinutes);
    return [item];
  });
}
