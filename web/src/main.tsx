// Entry point: styles, the shopper's language, then the app. Everything page-specific arrives in its own chunk.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/providers';
import { startI18n } from './lib/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The language's messages (index.html preloads them beside this script) before anything is said.
void startI18n().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
