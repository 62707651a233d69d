import { SimpleGrid, TextInput, type SimpleGridProps } from '@mantine/core';
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { ImageInput } from './image-input';
import { PHONE_INPUT } from './phone-input';

/** The part of a Mantine form whose values hold a profile picture, a full name and a phone. */
export interface ProfileFieldsForm {
  values: { avatar: File | null };
  errors: FormErrors;
  getInputProps: (path: 'fullName' | 'phone') => GetInputPropsReturnType;
  setFieldValue: (path: 'avatar', value: File | null) => void;
}

interface ProfileFieldsProps {
  form: ProfileFieldsForm;
  /** The stored picture, shown while no new file is picked (editing). */
  currentUrl?: string | null;
  /** Whose picture it is: its alt text, and the initials while there is none. */
  name: string | undefined;
  /** A picture must be picked (sign-up, or an account that has none yet). */
  avatarRequired?: boolean;
  /** The fields between the name and the phone (the e-mail, and on sign-up its code and the password). */
  children?: ReactNode;
  /** The fields after the phone. */
  after?: ReactNode;
  /** What the phone field is to the browser; the national number's PHONE_INPUT unless told. */
  phoneInput?: { type: 'text' | 'tel'; inputMode: 'numeric'; autoComplete?: string };
  /** Lays the name, the fields between, the phone and those after out in a grid of these columns. */
  cols?: SimpleGridProps['cols'];
}

/**
 * A person's profile fields, as sign-up, My account and the admin's Settings ask them: the
 * profile picture, the full name and the phone (with the page's own fields in between).
 */
export function ProfileFields({
  form,
  currentUrl = null,
  name,
  avatarRequired,
  children,
  after,
  phoneInput = PHONE_INPUT,
  cols,
}: ProfileFieldsProps) {
  const fields = (
    <>
      <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('fullName')} />
      {children}
      <TextInput label="Phone" {...phoneInput} required {...form.getInputProps('phone')} />
      {after}
    </>
  );
  return (
    <>
      <ImageInput
        avatar
        label="Profile picture"
        value={form.values.avatar}
        onChange={(file) => form.setFieldValue('avatar', file)}
        error={form.errors.avatar}
        currentUrl={currentUrl}
        name={name}
        required={avatarRequired}
      />
      {cols ? (
        <SimpleGrid cols={cols} spacing="md">
          {fields}
        </SimpleGrid>
      ) : (
        fields
      )}
    </>
  );
}
