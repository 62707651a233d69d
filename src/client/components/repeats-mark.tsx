import { Badge } from '@mantine/core';

const REPEATS_TITLE = 'Repeats: one of a standing appointment';

/** Two arrows in a circle: the mark of a standing appointment's occurrence. */
function RepeatsGlyph({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.7" />
      <path d="M20 4v4.7h-4.7" />
      <path d="M20 12a8 8 0 0 1-13.7 5.6L4 15.3" />
      <path d="M4 20v-4.7h4.7" />
    </svg>
  );
}

/** "Repeats": a booking that is an occurrence of a standing appointment (README "Standing appointments"). */
export function RepeatsBadge() {
  return (
    <Badge
      color="teal"
      variant="light"
      leftSection={<RepeatsGlyph size={12} />}
      miw="max-content"
      title={REPEATS_TITLE}
    >
      Repeats
    </Badge>
  );
}

/** The mark alone, where room is short (a calendar block): named "Repeats" for a screen reader. */
export function RepeatsIcon({ size = 12 }: { size?: number }) {
  return (
    <span
      role="img"
      aria-label="Repeats"
      title={REPEATS_TITLE}
      style={{ display: 'inline-flex', verticalAlign: '-2px' }}
    >
      <RepeatsGlyph size={size} />
    </span>
  );
}
