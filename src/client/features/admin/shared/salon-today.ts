import { localCalendarDay } from '@/shared/calendar-days';
import { trpc } from '@/client/lib/trpc';

/**
 * The salon's today: the browser's until the calendar's answer tells the salon's (the two differ
 * when the browser’s zone is not the salon’s): the waitlist and the till read their day by it.
 */
export function useSalonToday(): string {
  const browserToday = localCalendarDay();
  const calendar = trpc.admin.calendar.get.useQuery({ from: browserToday, to: browserToday }, { staleTime: 60_000 });
  return calendar.data?.now.slice(0, 10) ?? browserToday;
}
