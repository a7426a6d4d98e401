// The rider app's entry point (rider.html): React and the rider feature only, so a rider's phone loads
// no storefront or console code (no router, no zod, no form library).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RiderApp } from './features/rider/rider-app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <RiderApp />
  </StrictMode>,
);
