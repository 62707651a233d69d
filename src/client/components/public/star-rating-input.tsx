import { Input, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import classes from './star-rating-input.module.css';

/**
 * A 1-to-N star rating made of native radio buttons in a fieldset, so that a screen reader's
 * "activate", a tap, a click, and the arrow keys all pick a value. (Mantine's Rating commits only
 * on a pointer click on its star or on Enter/Space, not on a plain change of its radios.)
 */
export function StarRatingInput({
  label,
  value,
  onChange,
  error,
  required = false,
  count = 5,
}: {
  label: string;
  /** 0 when nothing is picked yet. */
  value: number;
  onChange: (value: number) => void;
  error?: string | undefined;
  required?: boolean;
  count?: number;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;

  return (
    <fieldset className={classes.fieldset} data-invalid={error ? true : undefined}>
      <legend className={classes.legend}>
        {label}
        {required ? (
          <span className={classes.required} aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </legend>
      <div
        className={classes.stars}
        onMouseLeave={() => {
          setHovered(0);
        }}
      >
        {Array.from({ length: count }, (_, index) => {
          const stars = index + 1;
          return (
            <label
              key={stars}
              className={classes.star}
              data-filled={stars <= shown ? true : undefined}
              onMouseEnter={() => {
                setHovered(stars);
              }}
            >
              <input
                type="radio"
                className={classes.input}
                name={id}
                value={stars}
                checked={value === stars}
                required={required}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={() => {
                  onChange(stars);
                }}
              />
              <StarIcon />
              <VisuallyHidden>{stars === 1 ? '1 star' : `${stars} stars`}</VisuallyHidden>
            </label>
          );
        })}
      </div>
      {error ? (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      ) : null}
    </fieldset>
  );
}

function StarIcon() {
  return (
    <svg className={classes.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z"
      />
    </svg>
  );
}
