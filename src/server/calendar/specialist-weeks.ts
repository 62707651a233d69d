// The specialists screen's view of everyone's working week: their hours with breaks and the time
// off ahead, for all live specialists at once (a few reads, not one per specialist).
import { WEEKDAYS } from '@/shared/constants';
import { TIME_OFF_AHEAD_SHOWN, type SpecialistWeek } from '@/shared/schemas/schedules';
import type { TimeOff } from '@/shared/schemas/time-off';
import { listLiveSpecialists, weeklySchedulesOf } from '@/server/bookings/free-slots';
import type { DbOrTx } from '@/server/db/client';
import { todayIn } from '@/server/domain/calendar';
import { weekOf } from '@/server/domain/schedule';
import { listTimeOff } from './time-off';

/** Every live specialist by name: their week, Monday first, and the first few entries of time off from today on. */
export function specialistWeeks(db: DbOrTx, timeZone: string): SpecialistWeek[] {
  const shown = listLiveSpecialists(db);
  const weeks = weeklySchedulesOf(db, shown);
  const ahead = new Map<string, TimeOff[]>();
  for (const entry of listTimeOff(db, timeZone, { from: todayIn(timeZone) })) {
    ahead.set(entry.specialist._id, [...(ahead.get(entry.specialist._id) ?? []), entry]);
  }
  return shown.flatMap((specialist) => {
    const week = weeks.get(specialist.id);
    if (!week) return [];
    const timeOff = ahead.get(specialist.id) ?? [];
    return [
      {
        specialist: { _id: specialist.id, name: specialist.name },
        days: weekOf(week, WEEKDAYS),
        timeOff: timeOff.slice(0, TIME_OFF_AHEAD_SHOWN),
        moreTimeOff: Math.max(0, timeOff.length - TIME_OFF_AHEAD_SHOWN),
      },
    ];
  });
}
