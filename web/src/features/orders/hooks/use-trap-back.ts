// Spec 2, confirmation: the browser's back action keeps the shopper on this page (going back would
// land on a checkout whose cart is already empty). Links on the page still navigate normally.
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

export function useTrapBack(): void {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
}
