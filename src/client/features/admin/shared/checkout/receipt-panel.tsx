import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Sale } from '@/shared/schemas/sales';
import { useSendReceipt } from '@/client/features/admin/shared/api/sales';
import { PrintArea, Receipt } from './receipt';

/**
 * A sale's receipt on screen, with "Print receipt" (the print layout shows the receipt alone) and
 * "E-mail receipt" (to the customer's address, or one typed when the sale has none). `actions`:
 * what else the screen offers beside them (Refund, Done).
 */
export function ReceiptPanel({ sale, actions }: { sale: Sale; actions?: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const send = useSendReceipt(() => setAsking(false));
  const customerEmail = sale.customer?.email ?? null;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg" maw={380} w="100%" mx="auto" shadow="xs">
        <Receipt sale={sale} />
      </Paper>
      <PrintArea>
        <Receipt sale={sale} />
      </PrintArea>
      {asking && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate({ id: sale._id, email });
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Send the receipt to"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              data-autofocus
            />
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </form>
      )}
      {customerEmail && !asking && (
        <Text size="xs" c="dimmed" ta="right">
          E-mail receipt sends it to {customerEmail}.{' '}
          <Anchor component="button" type="button" size="xs" onClick={() => setAsking(true)}>
            Send to another address
          </Anchor>
        </Text>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">{actions}</Group>
        <Group gap="sm" ml="auto">
          <Button
            variant="default"
            loading={!asking && send.isPending}
            disabled={asking}
            onClick={() => {
              // To the customer's own address when the sale has one; otherwise ask for one.
              if (customerEmail) send.mutate({ id: sale._id });
              else setAsking(true);
            }}
          >
            E-mail receipt
          </Button>
          <Button onClick={() => window.print()}>Print receipt</Button>
        </Group>
      </Group>
    </Stack>
  );
}
