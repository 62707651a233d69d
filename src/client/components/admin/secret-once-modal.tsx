import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SecretOnceModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the secret is for and what to do if it is lost. */
  children: ReactNode;
  secret: string;
  /** Test id of the secret's text. */
  testId: string;
  copyLabel: string;
  /** How to use it, under the secret. */
  hint: ReactNode;
}

/** A secret shown this once (an API token, a webhook's signing secret): copy it now or make another. */
export function SecretOnceModal({
  opened,
  onClose,
  title,
  children,
  secret,
  testId,
  copyLabel,
  hint,
}: SecretOnceModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      // A stray click must not lose a secret that is never shown again.
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light" title="It will not be shown again">
          {children}
        </Alert>
        <Code block data-testid={testId} fz="sm" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy}>
                {copied ? 'Copied' : copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
