import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyColorMode } from './lib/color-mode';
import { keepEarlyKeys } from './lib/early-keys';
import './index.css';

applyColorMode();
keepEarlyKeys();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
