import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import { AffectedBookingsAlert } from '@/client/features/admin/shared/affected-bookings-alert';
import { TimeOffForm } from '@/client/features/admin/shared/time-off-form';

export interface TimeOffTarget {
  specialistId: string;
  specialistName: string;
  /** `YYYY-MM-DDTHH:MM`, salon time. */
  startsAt: string;
  endsAt: string;
}

/** Time off dragged out on a specialist's column: never refused over bookings; those it overlaps are listed. */
export function TimeOffModal({ target, onClose }: { target: TimeOffTarget | null; onClose: () => void }) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `Time off for ${target.specialistName}` : ''}
      centered
    >
      {target && <TimeOffStep target={target} onDone={onClose} />}
    </Modal>
  );
}

function TimeOffStep({ target, onDone }: { target: TimeOffTarget; onDone: () => void }) {
  const [affected, setAffected] = useState<Booking[] | null>(null);
  if (affected) {
    return (
      <Stack>
        <AffectedBookingsAlert bookings={affected} what="This time off" showSpecialist={false} onClose={onDone} />
        <Group justify="flex-end">
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <TimeOffForm
      specialistId={target.specialistId}
      startsAt={target.startsAt}
      endsAt={target.endsAt}
      onAdded={(bookings) => {
        if (bookings.length === 0) onDone();
        else setAffected(bookings);
      }}
      onClose={onDone}
    />
  );
}
