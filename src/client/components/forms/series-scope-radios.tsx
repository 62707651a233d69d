// Its sheet comes with it, as the date field's does (the public pages load only the styles they use).
import '@mantine/core/styles/Radio.layer.css';
import { Radio, Stack } from '@mantine/core';
import type { SeriesScope } from '@/shared/schemas/visits';

/**
 * For an occurrence of a standing appointment: "This appointment" or "This and the following"
 * (README "Standing appointments": the later open occurrences alike).
 */
export function SeriesScopeRadios({
  value,
  onChange,
  action = 'change',
}: {
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  /** What happens to them, for the group's label: "Which appointments to cancel?". */
  action?: string;
}) {
  return (
    <Radio.Group
      label={`This appointment repeats. Which ones to ${action}?`}
      value={value}
      onChange={(scope) => onChange(scope === 'following' ? 'following' : 'one')}
    >
      <Stack gap="xs" mt="xs">
        <Radio value="one" label="This appointment" />
        <Radio value="following" label="This and the following" />
      </Stack>
    </Radio.Group>
  );
}
