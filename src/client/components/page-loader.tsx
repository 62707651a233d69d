import { Center, Loader } from '@mantine/core';

/** A full-height spinner for the moments before a lazily loaded screen can render. */
export function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
