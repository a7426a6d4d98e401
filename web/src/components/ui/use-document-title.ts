// Each screen names itself in the tab title, which is also what a screen reader hears on arrival.
import { useEffect } from 'react';

export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | Isoko`;
  }, [title]);
}
