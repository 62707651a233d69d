import { DeferredSection } from '@/client/components/deferred-section';
import { lazyComponent } from '@/client/lib/lazy-component';
import { BOOKING_FORM_TITLE } from './booking-form-title';

// Under a page's own content (the services list, the contact details): the form's code (inputs,
// date picker, Zod) and its styles come after that content, not before its first paint.
const BookingForm = lazyComponent(async () => ({ Component: (await import('./booking-form')).BookingForm }));

/** The form's height as a guest sees it: one column of fields on a phone, two from `sm`. */
const PLACEHOLDER_HEIGHT = { base: 810, sm: 495 };

/**
 * The booking form at the foot of a public page, rendered once the visitor goes on from the first
 * screen (deferred-section.tsx). The server sends its placeholder, never the form itself, so nothing can
 * be typed into a form that does not work yet.
 */
export function DeferredBookingForm({ ready }: { ready: boolean }) {
  return (
    <DeferredSection ready={ready} title={BOOKING_FORM_TITLE} placeholderHeight={PLACEHOLDER_HEIGHT}>
      <BookingForm />
    </DeferredSection>
  );
}
