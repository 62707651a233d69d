import { Avatar, Box, Center, FileInput, Group, Image, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { readAsDataUrl } from '@/client/lib/read-file';
import { IMAGE_FORMATS_TEXT } from '@/shared/images';

/** What the server accepts (src/server/files/images.ts). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

export const IMAGE_UNREADABLE = 'The picture could not be read. Please choose it again.';

interface ImageInputProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  /** The stored picture, shown while no new file is picked (editing). */
  currentUrl?: string | null;
  /** What the picture shows, for the preview's alt text (and an avatar's initials). */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** A profile picture: a round preview, with the initials of `name` while there is no picture. */
  avatar?: boolean;
}

const PREVIEW = { width: 128, height: 88 };

/**
 * A file picker for a picture with a preview of the picked file, or of the stored picture while
 * none is picked: a record's picture (a service, a specialist, a discount) or, with `avatar`, a
 * profile picture.
 */
export function ImageInput({
  label,
  value,
  onChange,
  error,
  currentUrl = null,
  name,
  required,
  disabled,
  avatar = false,
}: ImageInputProps) {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const pickedUrl = preview?.file === value ? preview.url : null;
  const shownUrl = pickedUrl ?? currentUrl;
  const noun = avatar ? 'picture' : 'image';

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
      {avatar ? (
        <Avatar
          src={shownUrl}
          alt={pickedUrl ? 'Preview of the picked picture' : name ? `${name}'s picture` : 'No picture yet'}
          name={name}
          color="initials"
          size={72}
          radius={999}
        />
      ) : (
        <Box
          w={PREVIEW.width}
          h={PREVIEW.height}
          style={{
            flex: 'none',
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
            border: '1px solid var(--mantine-color-gray-3)',
            background: 'var(--mantine-color-gray-0)',
          }}
        >
          {shownUrl ? (
            <Image
              src={shownUrl}
              alt={pickedUrl ? 'Preview of the picked image' : `Current image${name ? ` of ${name}` : ''}`}
              w="100%"
              h="100%"
              fit="cover"
            />
          ) : (
            <Center h="100%">
              <Text size="xs" c="dimmed">
                No image yet
              </Text>
            </Center>
          )}
        </Box>
      )}
      <FileInput
        label={label}
        description={currentUrl ? `${IMAGE_FORMATS_TEXT} Leave empty to keep the current ${noun}.` : IMAGE_FORMATS_TEXT}
        placeholder="Choose an image"
        accept={IMAGE_ACCEPT}
        value={value}
        onChange={pick}
        error={error}
        withAsterisk={required}
        disabled={disabled}
        clearable
        style={avatar ? { flex: 1 } : { flex: 1, minWidth: 0 }}
      />
    </Group>
  );
}

/**
 * The picked file as the base64 a procedure takes; undefined when none was picked (an update
 * keeps the stored picture). Null, after reporting IMAGE_UNREADABLE, when the file cannot be read.
 */
export async function pickedImageData(
  file: File | null | undefined,
  onUnreadable: (message: string) => void,
): Promise<string | undefined | null> {
  if (!file) return undefined;
  try {
    return await readAsDataUrl(file);
  } catch {
    onUnreadable(IMAGE_UNREADABLE);
    return null;
  }
}
