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
    />
  );
}
