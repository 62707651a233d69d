import { CloseButton } from '@mantine/core';
import { useContext, useState, useSyncExternalStore } from 'react';
import { discountOffer } from '@/client/components/public/discount-text';
import { useDiscounts } from '@/client/components/public/use-discounts';
import { useHydrated } from '@/client/lib/use-hydrated';
import classes from './discount-marquee.module.css';
import { readClosedDiscountId, rememberClosedDiscount, ServerClosedDiscount } from './marquee-dismissal';

/**
 * The banner across the top of the public site: the first discount of the list,
 * scrolling, closable for the rest of the session. Nothing at all while the list loads or when
 * there is no discount. A new first discount shows again even after an older one was closed.
 */
export function DiscountMarquee() {
  const { discounts } = useDiscounts();
  // Closed in an earlier page of this session: the server rendered the page from the same cookie.
  const serverClosedId = useContext(ServerClosedDiscount);
  const storedId = useSyncExternalStore(
    noSubscription,
    readClosedDiscountId,
    () => serverClosedId ?? readClosedDiscountId(),
  );
  const [closedNow, setClosedId] = useState<string | null>(null);
  const live = useHydrated();
  const closedId = closedNow ?? storedId;
  const discount = discounts?.[0];
  if (!discount || discount._id === closedId) return null;

  const close = () => {
    rememberClosedDiscount(discount._id);
    setClosedId(discount._id);
  };

  return (
    <aside aria-label="Discount" className={classes.bar} data-testid="discount-marquee">
      <div className={classes.viewport}>
        <p className={classes.track}>
          <strong>{discount.title}</strong>
          {' — '}
          {discountOffer(discount)}
        </p>
      </div>
      <CloseButton
        className={classes.close}
        variant="transparent"
        aria-label="Close discount banner"
        onClick={close}
        // Shown by the server before its script runs: until then a press would do nothing.
        disabled={!live}
      />
    </aside>
  );
}

/** A cookie says nothing when it changes; `close` updates the state itself. */
const noSubscription = () => () => undefined;
