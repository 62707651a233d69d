import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { VisitFormValues } from '@/shared/schemas/visits';
import { localCalendarDay } from '@/shared/calendar-days';
import { trpc } from '@/client/lib/trpc';
import { authPagePath, returnPathFrom } from '@/client/lib/return-path';
import { choicesForService, choicesOf, readBookingDraft } from './booking-choices';
import { BOOKING_SECTION_ID, SERVICE_PARAM, SPECIALIST_PARAM } from './booking-link';

/**
 * The booking form's choices as the visitor left them: the service (and the specialist) named by
 * the address (a card's "Book" button, a nudge to rebook's link, a reload, the return from
 * /login), and the rest of a kept draft (see
 * booking-choices.ts). Both are applied after mount, so the first render is the same on the server
 * and in the browser. Call right after `useForm`, before anything else sets the form's values: the
 * draft must be read before the form's first change saves over it.
 */
export function useBookingChoices(form: UseFormReturnType<VisitFormValues>) {
  const { setValues } = form;
  const location = useLocation();
  const navigate = useNavigate();
  const services = trpc.public.services.list.useQuery().data;
  const specialists = trpc.public.specialists.list.useQuery().data;
  const params = new URLSearchParams(location.search);
  const linkedId = params.get(SERVICE_PARAM);
  // An unknown id (a service since removed) leaves the field to the visitor.
  const linkedName = services?.find((service) => service._id === linkedId)?.name;
  const linkedSpecialistId = params.get(SPECIALIST_PARAM);

  useEffect(() => {
    const draft = readBookingDraft(localCalendarDay());
    if (draft) setValues(draft);
  }, [setValues]);

  // Waits for the specialists too, so a chosen specialist who offers the service is kept.
  const specialistsLoaded = specialists !== undefined;
  useEffect(() => {
    if (linkedName === undefined || !specialistsLoaded) return;
    setValues((current) => {
      const chosen =
        current.service === linkedName
          ? choicesOf(withDefaults(current))
          : choicesForService(choicesOf(withDefaults(current)), linkedName, specialists);
      const linkedSpecialist = specialists.find((specialist) => specialist._id === linkedSpecialistId);
      const offers = linkedSpecialist?.expertise.some((service) => service.name === linkedName) ?? false;
      if (linkedSpecialist && offers && chosen.specialist !== linkedSpecialist.name) {
        return { ...chosen, specialist: linkedSpecialist.name, timeSlot: '' };
      }
      return current.service === linkedName ? {} : chosen;
    });
    // `specialists` is read once loaded; a later refetch must not undo a choice made since.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkedName, linkedSpecialistId, specialistsLoaded, setValues]);

  /** The service select's change: the form and the address both name the new service. */
  const chooseService = useCallback(
    (name: string) => {
      setValues((current) => choicesForService(choicesOf(withDefaults(current)), name, specialists ?? []));
      const params = new URLSearchParams(location.search);
      const id = services?.find((service) => service.name === name)?._id;
      if (id === undefined) params.delete(SERVICE_PARAM);
      else params.set(SERVICE_PARAM, id);
      // The linked specialist went with the linked service.
      params.delete(SPECIALIST_PARAM);
      const search = params.toString();
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [setValues, specialists, services, location.pathname, location.search, location.hash, navigate],
  );

  /** /login, asked to come back to this page's booking form (whose service the address names). */
  const loginPath = useCallback(() => {
    // Read on a submit, never while rendering: pages without the anchor return to their top.
    const hash = document.getElementById(BOOKING_SECTION_ID) ? `#${BOOKING_SECTION_ID}` : '';
    return authPagePath('/login', returnPathFrom({ pathname: location.pathname, search: location.search, hash }));
  }, [location.pathname, location.search]);

  return { chooseService, loginPath };
}

function withDefaults(values: Partial<VisitFormValues>): VisitFormValues {
  return {
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    bookingDate: values.bookingDate ?? '',
    timeSlot: values.timeSlot ?? '',
    service: values.service ?? '',
    specialist: values.specialist ?? '',
    extras: values.extras ?? [],
  };
}
