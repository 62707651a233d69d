// The address of a booking form with a service chosen: `/service?service=<id>#book`. Its own
// module without imports, so a service card links to the form without bringing the form's code.

/** `?service=<id>`: the service a card's "Book" button (or a link) chose; the form keeps it in step. */
export const SERVICE_PARAM = 'service';

/**
 * `&specialist=<id>`: the specialist a link chose with the service (a nudge to rebook's link); kept
 * when they offer the service.
 */
export const SPECIALIST_PARAM = 'specialist';

/** The id of the booking form's place on a page, for `#book` links and the return from /login. */
export const BOOKING_SECTION_ID = 'book';

/** The Services page's booking form, with `serviceId` chosen. */
export function bookServiceLink(serviceId: string): { pathname: string; search: string; hash: string } {
  return {
    pathname: '/service',
    search: `?${new URLSearchParams({ [SERVICE_PARAM]: serviceId }).toString()}`,
    hash: `#${BOOKING_SECTION_ID}`,
  };
}
