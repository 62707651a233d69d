import { Box, Center, FileInput, Group, Image, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { readAsDataUrl } from '../../lib/read-file';
import { IMAGE_ACCEPT } from './avatar-input';

export const IMAGE_UNREADABLE = 'The picture could not be read. Please choose it again.';

interface ImageInputProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  /** The stored picture, shown while no new file is picked (editing). */
  currentUrl?: string | null;
  /** What the picture shows, for the preview's alt text. */
  name?: string;
  required?: boolean;
}

const PREVIEW = { width: 128, height: 88 };

/**
 * A file picker for a record's picture (a service, a specialist, a discount) with a preview of
 * the picked file, or of the stored picture while none is picked.
 */
export function ImageInput({ label, value, onChange, error, currentUrl = null, name, required }: ImageInputProps) {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const pickedUrl = preview?.file === value ? preview.url : null;
  const shownUrl = pickedUrl ?? currentUrl;

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
      <FileInput
        label={label}
        description={
          currentUrl
            ? 'JPEG, PNG or WebP, up to 5 MB. Leave empty to keep the current image.'
            : 'JPEG, PNG or WebP, up to 5 MB.'
        }
        placeholder="Choose an image"
        accept={IMAGE_ACCEPT}
        value={value}
        onChange={pick}
        error={error}
        withAsterisk={required}
        clearable
        style={{ flex: 1, minWidth: 0 }}
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
