import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import type { InitialData } from './data/route-data';
import { loadDictionary, parseLanguage } from './i18n/i18n';
import { Root } from './Root';
import './styles.css';

declare global {
  interface Window {
    __C360__?: { initial: InitialData; language: string };
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('Root element not found');
const boot = window.__C360__ ?? { initial: null, language: document.cookie.match(/c360_lang=([A-Z]{2})/)?.[1] ?? 'EN' };
const language = parseLanguage(boot.language);

const dictionary = await loadDictionary(language);
const app = (
  <StrictMode>
    <Root initial={boot.initial} language={language} dictionary={dictionary}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Root>
  </StrictMode>
);
// The server renders public pages; hydrate them. Anything else (no server markup) renders fresh.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
