import { useCallback, useState } from 'react';

export interface ModalTarget<T> {
  opened: boolean;
  /** The record the modal is about; null for "add". Kept while the modal fades out. */
  item: T | null;
  /** Changes on every opening: a form keyed by it starts afresh each time. */
  key: number;
  open: (item?: T | null) => void;
  close: () => void;
}

/** The state of a modal that opens for one record (edit, delete) or for none (add). */
export function useModalTarget<T>(): ModalTarget<T> {
  const [state, setState] = useState<{ opened: boolean; item: T | null; key: number }>({
    opened: false,
    item: null,
    key: 0,
  });
  const open = useCallback((item: T | null = null) => {
    setState((previous) => ({ opened: true, item, key: previous.key + 1 }));
  }, []);
  const close = useCallback(() => {
    setState((previous) => ({ ...previous, opened: false }));
  }, []);
  return { ...state, open, close };
}
