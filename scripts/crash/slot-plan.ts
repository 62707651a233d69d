// Free slots that can all be booked together: asked of the running salon through its public API,
// then thinned so that no two of one specialist overlap (the list offers every start time on the
// grid, and booking one start blocks the ones its service covers).
import type { Service } from '@/shared/schemas/services';
import type { Specialist } from '@/shared/schemas/specialists';
import type { HttpSession } from './http-session';

export interface PlannedSlot {
  specialist: string;
  service: string;
  bookingDate: string;
  timeSlot: string;
}

/** The booking request's body for a planned slot (POST /api/v1/users/appointment). */
export const bookingForm = (slot: PlannedSlot) => ({
  bookingDate: slot.bookingDate,
  timeSlot: slot.timeSlot,
  service: slot.service,
  specialist: slot.specialist,
});

export const slotKey = (slot: { specialist: string; bookingDate: string; timeSlot: string }): string =>
  `${slot.specialist} ${slot.bookingDate} ${slot.timeSlot}`;

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const minutesOf = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

async function data<T>(session: HttpSession, path: string): Promise<T> {
  const answer = await session.rest<T>('GET', path);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.message}`);
  return answer.body.data;
}

/**
 * At least `wanted` bookable slots from `firstDay` days ahead on (the salon's zone must be UTC:
 * days are counted on UTC dates). Each specialist gets the shortest service they offer, so the
 * most bookings fit into their hours.
 */
export async function planFreeSlots(
  session: HttpSession,
  wanted: number,
  firstDay = 1,
  lastDay = 55,
): Promise<PlannedSlot[]> {
  const [specialists, services] = await Promise.all([
    data<Specialist[]>(session, '/specialists'),
    data<Service[]>(session, '/services'),
  ]);
  const lengthOf = (service: Service) => service.duration + (service.bufferMinutes ?? 0);
  const choices = specialists.flatMap((specialist) => {
    const offered = services.filter((service) => specialist.expertise.some((item) => item._id === service._id));
    const shortest = offered.sort((a, b) => lengthOf(a) - lengthOf(b))[0];
    return shortest ? [{ specialist, service: shortest }] : [];
  });
  if (choices.length === 0) throw new Error('no specialist offers a service');

  const plan: PlannedSlot[] = [];
  for (let offset = firstDay; offset <= lastDay && plan.length < wanted; offset++) {
    const date = new Date(Date.now() + offset * 86_400_000);
    const bookingDate = date.toISOString().slice(0, 10);
    const weekday = WEEKDAY_NAMES[date.getUTCDay()] ?? '';
    const working = choices.filter(({ specialist }) => (specialist.availableDays as string[]).includes(weekday));
    const lists = await Promise.all(
      working.map(({ specialist, service }) => {
        const query = new URLSearchParams({ specialistId: specialist._id, bookingDate, serviceName: service.name });
        return data<string[]>(session, `/users/appointment/available-slots?${query.toString()}`);
      }),
    );
    working.forEach(({ specialist, service }, index) => {
      let freeFrom = 0;
      for (const timeSlot of lists[index] ?? []) {
        const start = minutesOf(timeSlot);
        if (start < freeFrom) continue;
        freeFrom = start + lengthOf(service);
        plan.push({ specialist: specialist.name, service: service.name, bookingDate, timeSlot });
      }
    });
  }
  if (plan.length < wanted)
    throw new Error(`only ${plan.length} free slots found in ${lastDay} days, ${wanted} wanted`);
  return plan;
}
