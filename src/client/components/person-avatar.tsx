import { Avatar, type MantineSize } from '@mantine/core';

/** Anyone with a name and maybe a picture: a customer, an admin, a reviewer. */
export interface Person {
  fullName: string;
  avatar: { url: string } | null;
}

/** A person's picture, or their initials on a colour of their own when they have none. */
export function PersonAvatar({ person, size }: { person: Person; size?: MantineSize }) {
  return (
    <Avatar
      src={person.avatar?.url ?? null}
      alt={person.fullName}
      name={person.fullName}
      color="initials"
      radius="xl"
      size={size}
      // Mantine's light initials colours (orange on pale orange, 3.6:1) miss the WCAG AA 4.5:1
      // contrast for text; a darker shade of the same colour clears it for every hue.
      styles={{ placeholder: { color: 'color-mix(in srgb, var(--avatar-color), black 35%)' } }}
    />
  );
}
