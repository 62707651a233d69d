import type { SaleKind } from '@/shared/constants';
import { formatClock } from '@/shared/time-format';

/** `2:05 PM`: when something happened, in the browser's zone as the back office writes it. */
export const clockOf = (moment: string): string => {
  const date = new Date(moment);
  return formatClock(`${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`);
};

export const KIND_LABELS: Record<SaleKind, string> = {
  visit: 'Visit',
  'walk-in': 'At the desk',
  voucher: 'Gift voucher sold',
};
