// The booking form's heading, in a module of its own: the page that defers the form names it too
// (its placeholder's heading, deferred-booking-form.tsx) without loading the form's code.
export const BOOKING_FORM_TITLE = 'Book an appointment';
