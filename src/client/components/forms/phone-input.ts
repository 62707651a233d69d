/**
 * What a phone field is to the browser, spread into its TextInput. The salon takes the national
 * number, PHONE_DIGITS digits and nothing else (schemas/fields.ts): autofill's `tel-national`,
 * not `tel` (which fills in the country code too). The HTML standard allows `tel-national` on a
 * text field only, not on `type="tel"`, so the field is text with the digits keypad.
 */
export const PHONE_INPUT = { type: 'text', inputMode: 'numeric', autoComplete: 'tel-national' } as const;
