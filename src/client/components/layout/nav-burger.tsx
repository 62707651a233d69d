import { Box, Burger, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * Mantine's Burger (its style sheet and look), with its lines drawn in a span: Mantine's own draws
 * them in a div, and the HTML standard allows a button only phrasing content.
 */
export function NavBurger({
  opened,
  ...others
}: ComponentPropsWithoutRef<'button'> & { opened: boolean; hiddenFrom?: MantineBreakpoint }) {
  return (
    <UnstyledButton className={Burger.classes.root} {...others}>
      <Box component="span" className={Burger.classes.burger} mod={['reduce-motion', { opened }]} />
    </UnstyledButton>
  );
}
