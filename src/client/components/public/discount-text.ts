import type { Discount } from '@/shared/schemas/discounts';
import { categoryLabel } from '@/client/lib/format';

/** "Make up", "Make up and Cosmetology", "Make up, Nail care and Cosmetology". */
export function joinCategories(categories: readonly string[]): string {
  const labels = categories.map(categoryLabel);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
}

/** "20% off Make up and Cosmetology"; a discount without categories is off everything. */
export function discountOffer(discount: Pick<Discount, 'percentage' | 'category'>): string {
  const scope = discount.category.length === 0 ? 'every service' : joinCategories(discount.category);
  return `${discount.percentage}% off ${scope}`;
}
