import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/shared/constants';

/** What a back-office search box types (`input`) and what the list is filtered by (`query`). */
export interface SearchState {
  input: string;
  setInput: (value: string) => void;
  /** `input`, once it has rested for SEARCH_DEBOUNCE_MS. */
  query: string;
}

export function useSearch(): SearchState {
  const [input, setInput] = useState('');
  const [query] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  return { input, setInput, query };
}

/**
 * True when every word of the query occurs, case-insensitively, in one of the texts: "anna
 * make" finds Anna's make-up row. A blank query matches everything.
 */
export function matchesSearch(query: string, ...texts: (string | null | undefined)[]): boolean {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.toLocaleLowerCase());
  return words.every((word) => haystack.some((text) => text.includes(word)));
}
