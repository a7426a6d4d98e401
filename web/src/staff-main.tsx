// The staff console's entry point (admin.html). The storefront's entry is main.tsx; the two share only
// scripts both import (React, the router, the UI kit), in common chunks, and no stylesheet: the
// console's (staff.css, imported by staff-app) carries the base styles itself.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './features/staff/staff-app';
import { startI18n } from './lib/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The console speaks English; the pieces it shares with the storefront say their words through its catalog.
void startI18n('en').then(() =>
  createRoot(container).render(
    <StrictMode>
      <StaffApp />
    </StrictMode>,
  ),
);
