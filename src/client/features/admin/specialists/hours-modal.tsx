import { Tabs } from '@mantine/core';
import type { Specialist } from '@/shared/schemas/specialists';
import { AdminFormModal } from '@/client/components/admin/admin-form-modal';
import type { ModalTarget } from '@/client/components/admin/use-modal-target';
import { TimeOffPanel } from './time-off-panel';
import { WeeklyHours } from './weekly-hours-form';

/** "Hours & time off" of one specialist: their week (with breaks) and the time off ahead. */
export function HoursModal({ target }: { target: ModalTarget<Specialist> }) {
  const specialist = target.item;
  return (
    <AdminFormModal opened={target.opened} onClose={target.close} title={`Hours & time off: ${specialist?.name ?? ''}`}>
      {specialist ? (
        // Keyed by the opening: every opening starts from the stored week, unsaved edits are dropped.
        <Tabs key={target.key} defaultValue="hours">
          <Tabs.List mb="md">
            <Tabs.Tab value="hours">Weekly hours</Tabs.Tab>
            <Tabs.Tab value="time-off">Time off</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="hours">
            <WeeklyHours specialist={specialist} onDone={target.close} />
          </Tabs.Panel>
          <Tabs.Panel value="time-off">
            <TimeOffPanel specialist={specialist} />
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </AdminFormModal>
  );
}
