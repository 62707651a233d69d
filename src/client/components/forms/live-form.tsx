import type { ComponentPropsWithoutRef } from 'react';
import { useHydrated } from '@/client/lib/use-hydrated';

/**
 * A form that works only once it can: a server-rendered page shows its forms before their scripts
 * run, and a field typed into then would lose its text at hydration, or a press of the button
 * would send the form the browser's way (its fields in the address). Until the page is live its
 * fields sit in a disabled fieldset: seen, in place (nothing moves when they come alive), but not
 * usable. The browser's own validation is off: the form's Zod schema checks and says what is wrong.
 */
export function LiveForm({ children, ...props }: ComponentPropsWithoutRef<'form'>) {
  const live = useHydrated();
  return (
    <form noValidate method="post" {...props}>
      <fieldset disabled={!live} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </form>
  );
}
