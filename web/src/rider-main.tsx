// The rider app's entry point (rider.html): Preact and the rider feature only, so a rider's phone loads
// no storefront or console code (no React, router, zod or form library).
/** @jsxImportSource preact */
import { render } from 'preact';
import { RiderApp } from './features/rider/rider-app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// The boot splash goes: Preact renders into the element as it finds it.
container.textContent = '';
render(<RiderApp />, container);
