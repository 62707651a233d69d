import { VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { useHydrated } from '@/client/lib/use-hydrated';

/**
 * A form that works only once it can: a server-rendered page shows its forms before their scripts
 * run, and a field typed into then would lose its text at hydration, or a press of the button
 * would send the form the browser's way (its fields in the address). Until the page is live its
 * fields sit in a disabled fieldset: seen, in place (nothing moves when they come alive), but not
 * usable. The browser's own validation is off: the form's Zod schema checks and says what is wrong.
 * A fieldset is a group of fields, which a screen reader names when the focus enters it: its
 * `legend` says what they are (the form's heading already shows it, so the legend is not seen).
 */
export function LiveForm({ legend, children, ...props }: ComponentPropsWithoutRef<'form'> & { legend: string }) {
  const live = useHydrated();
  return (
    <form noValidate method="post" {...props}>
      <fieldset disabled={!live} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <legend className={VisuallyHidden.classes.root}>{legend}</legend>
        {children}
      </fieldset>
    </form>
  );
}
