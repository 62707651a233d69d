import { Avatar, FileInput, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { readAsDataUrl } from '../../lib/read-file';

/** What the server accepts (src/server/files/images.ts). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

interface AvatarInputProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  /** The picture shown while no new file is picked (the current avatar). */
  currentUrl?: string | null;
  /** Alt text of the preview and initials when there is no picture. */
  name?: string;
  required?: boolean;
  description?: string;
  disabled?: boolean;
}

/** A file picker for a profile picture with a round preview of the picked (or current) image. */
export function AvatarInput({
  label,
  value,
  onChange,
  error,
  currentUrl = null,
  name,
  required,
  description = 'JPEG, PNG or WebP, up to 5 MB.',
  disabled,
}: AvatarInputProps) {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const pickedUrl = preview?.file === value ? preview.url : null;

  const pick = (file: File | null) => {
    onChange(file);
    if (!file) return;
    readAsDataUrl(file).then(
      (url) => {
        setPreview({ file, url });
      },
      () => {
        setPreview(null);
      },
    );
  };

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Avatar
        src={pickedUrl ?? currentUrl}
        alt={pickedUrl ? 'Preview of the picked picture' : name ? `${name}'s picture` : 'No picture yet'}
        name={name}
        color="initials"
        size={72}
        radius={999}
      />
      <FileInput
        label={label}
        description={description}
        placeholder="Choose an image"
        accept={IMAGE_ACCEPT}
        value={value}
        onChange={pick}
        error={error}
        withAsterisk={required}
        disabled={disabled}
        clearable
        style={{ flex: 1 }}
      />
    </Group>
  );
}
