import { Paper, Skeleton, Text } from '@mantine/core';

/**
 * One headline figure of the back office (a report's takings, a customer's total spent): its
 * label, its value (a skeleton while it loads) and, if given, what it counts in a few words.
 */
/** Characters beyond which a figure is set smaller on narrow cards. */
const LONG_FIGURE = 8;

export function FigureCard({ label, value, hint }: { label: string; value: string | undefined; hint?: string }) {
  return (
    <Paper withBorder radius="lg" p="md" role="group" aria-label={label} miw={0}>
      <Text size="sm" c="dimmed" fw={500} lh={1.3}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={30} width={64} mt={6} />
      ) : (
        <Text
          // A long figure (a day, `26/11/2026`) a size smaller where the cards are narrow, so it
          // stays on one line rather than breaking inside its number.
          fz={value.length > LONG_FIGURE ? { base: 18, md: 22, lg: 26 } : { base: 22, sm: 26 }}
          fw={700}
          lh={1.3}
          mt={4}
          data-testid="figure"
          style={{ overflowWrap: 'anywhere' }}
        >
          {value}
        </Text>
      )}
      {hint !== undefined && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}
