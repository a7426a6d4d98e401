// The staff console's entry point (admin.html). The storefront's entry is main.tsx; the two share only
// scripts both import (React, the router, the UI kit), in common chunks, and no stylesheet: the
// console's (staff.css, imported by staff-app) carries the base styles itself.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './features/staff/staff-app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <StaffApp />
  </StrictMode>,
);
