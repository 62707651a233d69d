import { Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Sale } from '@/shared/schemas/sales';
import { CheckoutForm } from '@/client/features/admin/shared/checkout/checkout-form';
import { ReceiptPanel } from '@/client/features/admin/shared/checkout/receipt-panel';

/** A sale at the desk without a booking (a product, a walk-in's service): the checkout form, then its receipt. */
export function NewSaleTab() {
  const [sale, setSale] = useState<Sale | null>(null);
  const [round, setRound] = useState(0);
  if (sale) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560}>
        <Stack gap="md">
          <Text fw={600} size="lg">
            Receipt {sale.number}
          </Text>
          <ReceiptPanel
            sale={sale}
            actions={
              <Button
                variant="default"
                onClick={() => {
                  setSale(null);
                  setRound((previous) => previous + 1);
                }}
              >
                New sale
              </Button>
            }
          />
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <CheckoutForm key={round} visit={null} onPaid={setSale} />
    </Paper>
  );
}
