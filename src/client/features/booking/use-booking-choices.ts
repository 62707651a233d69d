import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { VisitFormValues } from '@/shared/schemas/visits';
import { localCalendarDay } from '@/shared/calendar-days';
import { trpc } from '@/client/lib/trpc';
import { authPagePath, returnPathFrom } from '@/client/lib/return-path';
import { choicesForService, choicesOf, readBookingDraft } from './booking-choices';
import { BOOKING_SECTION_ID, SERVICE_PARAM } from './booking-link';

/**
 * The booking form's choices as the visitor left them: the service named by the address (a card's
 * "Book" button, a reload, the return from /login), and the rest of a kept draft (see
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
  const linkedId = new URLSearchParams(location.search).get(SERVICE_PARAM);
  // An unknown id (a service since removed) leaves the field to the visitor.
  const linkedName = services?.find((service) => service._id === linkedId)?.name;

  useEffect(() => {
    const draft = readBookingDraft(localCalendarDay());
    if (draft) setValues(draft);
  }, [setValues]);

  // Waits for the specialists too, so a chosen specialist who offers the service is kept.
  const specialistsLoaded = specialists !== undefined;
  useEffect(() => {
    if (linkedName === undefined || !specialistsLoaded) return;
    setValues((current) =>
      current.service === linkedName
        ? {}
        : choicesForService(choicesOf(withDefaults(current)), linkedName, specialists),
    );
    // `specialists` is read once loaded; a later refetch must not undo a choice made since.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkedName, specialistsLoaded, setValues]);

  /** The service select's change: the form and the address both name the new service. */
  const chooseService = useCallback(
    (name: string) => {
      setValues((current) => choicesForService(choicesOf(withDefaults(current)), name, specialists ?? []));
      const params = new URLSearchParams(location.search);
      const id = services?.find((service) => service.name === name)?._id;
      if (id === undefined) params.delete(SERVICE_PARAM);
      else params.set(SERVICE_PARAM, id);
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
