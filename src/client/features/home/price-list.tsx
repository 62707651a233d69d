import { Paper } from '@mantine/core';
import { LANDING_FROM_PRICES } from '@/shared/constants';
import { formatPrice } from '@/client/lib/format';
import classes from './home.module.css';

/** The static "from" prices of spec section 1: "Nail care from $25", and so on. */
export function PriceList() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <ul className={classes.priceList} aria-label="Prices">
        {LANDING_FROM_PRICES.map((item) => (
          <li key={item.label} className={classes.priceItem}>
            <span>{item.label}</span>
            <span className={classes.leader} aria-hidden="true" />
            {/* The space inside keeps "Nail care from $25" one phrase for screen readers and copy. */}
            <span className={classes.price}>
              {' '}from <strong>{formatPrice(item.price)}</strong>
            </span>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
