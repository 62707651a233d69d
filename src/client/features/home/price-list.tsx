import { Paper, VisuallyHidden } from '@mantine/core';
import { LANDING_FROM_PRICES, SERVICE_CATEGORIES } from '@/shared/constants';
import { discountToday, priceAfterDiscount } from '@/shared/pricing';
import { useDiscounts } from '@/client/components/public/use-discounts';
import { formatPrice } from '@/client/lib/format';
import classes from './home.module.css';

/** The list's labels name categories, some in other capitals ("Hair Styling"). */
const categoryOf = (label: string) =>
  SERVICE_CATEGORIES.find((category) => category.toLowerCase() === label.toLowerCase());

/**
 * The landing page's static "from" prices: "Nail care from $25", and so on; with a discount
 * running today for the category, the reduced price next to the struck-through one.
 */
export function PriceList() {
  const { discounts } = useDiscounts();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <ul className={classes.priceList} aria-label="Prices">
        {LANDING_FROM_PRICES.map((item) => {
          const category = categoryOf(item.label);
          const discount = category ? discountToday(discounts ?? [], category) : undefined;
          return (
            <li key={item.label} className={classes.priceItem}>
              <span>{item.label}</span>
              {discount ? ' ' : null}
              {discount ? (
                <span className={classes.priceDiscount}>
                  −{discount.percentage}%<VisuallyHidden> ({discount.title})</VisuallyHidden>
                </span>
              ) : null}
              <span className={classes.leader} aria-hidden="true" />
              {/* The space inside keeps "Nail care from $25" one phrase for screen readers and copy. */}
              <span className={classes.price}>
                {' '}
                from <strong>{formatPrice(priceAfterDiscount(item.price, discount?.percentage))}</strong>
                {discount ? (
                  <>
                    {' '}
                    <VisuallyHidden>instead of </VisuallyHidden>
                    <s className={classes.priceWas}>{formatPrice(item.price)}</s>
                  </>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </Paper>
  );
}
