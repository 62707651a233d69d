import { useDocumentTitle } from '@mantine/hooks';
import { documentTitle } from '@/shared/public-pages';

/** Screen-reader users and browser tabs tell pages apart by the document title. */
export function usePageTitle(title: string): void {
  useDocumentTitle(documentTitle(title));
}
