// docs/product.md section 2, confirmation: the browser's back action keeps the shopper on this page (going back would
// land on a checkout whose cart is already empty). Links on the page still navigate normally.
// The app uses <BrowserRouter> (no data router, so no useBlocker): we keep one extra history entry
// for this same address and put it back each time Back consumes it.
import { useEffect } from 'react';

export function useTrapBack(): void {
  useEffect(() => {
    const keepHere = () => window.history.pushState(window.history.state, '', window.location.href);
    keepHere();
    window.addEventListener('popstate', keepHere);
    return () => window.removeEventListener('popstate', keepHere);
  }, []);
}
