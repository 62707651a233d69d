import { Tabs } from '@mantine/core';
import type { Specialist } from '@/shared/schemas/specialists';
import { AdminFormModal } from '@/client/components/admin/admin-form-modal';
import type { ModalTarget } from '@/client/components/admin/use-modal-target';
import { TimeOffPanel } from './time-off-panel';
import { WeeklyHours } from './weekly-hours-form';

/** "Hours & time off" of one specialist: their week (with breaks) and the time off ahead. */
export function HoursModal({ target, onClosed }: { target: ModalTarget<Specialist>; onClosed?: () => void }) {
  const specialist = target.item;
  const close = () => {
    target.close();
    onClosed?.();
  };
  return (
    <AdminFormModal opened={target.opened} onClose={close} title={`Hours & time off: ${specialist?.name ?? ''}`}>
      {specialist ? (
        // Keyed by the opening: every opening starts from the stored week, unsaved edits are dropped.
        <Tabs key={target.key} defaultValue="hours">
          <Tabs.List mb="md">
            <Tabs.Tab value="hours">Weekly hours</Tabs.Tab>
            <Tabs.Tab value="time-off">Time off</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="hours">
            <WeeklyHours specialist={specialist} onDone={close} />
          </Tabs.Panel>
          <Tabs.Panel value="time-off">
            <TimeOffPanel specialist={specialist} />
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </AdminFormModal>
  );
}
