import { useDocumentTitle } from '@mantine/hooks';
import { SALON_NAME } from '@/shared/constants';

/** Screen-reader users and browser tabs tell pages apart by the document title. */
export function usePageTitle(title: string): void {
  useDocumentTitle(`${title} | ${SALON_NAME}`);
}
