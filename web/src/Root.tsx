import type { ReactNode } from 'react';
import { InitialDataProvider, type InitialData } from './data/route-data';
import { I18nProvider, type Dictionary, type Language } from './i18n/i18n';
import { SessionProvider } from './shared/session';
import { SiteOriginProvider } from './shared/site-origin';
import { ToastProvider } from './shared/toasts';

/** Providers shared by the browser and the server renderer. */
export function Root({ initial, language, preferred, dictionary, origin = '', children }: { initial: InitialData; language: Language; preferred?: Language; dictionary: Dictionary; origin?: string; children: ReactNode }) {
  return (
    <I18nProvider initial={language} preferred={preferred} dictionary={dictionary}>
      <SessionProvider>
        <ToastProvider dismissLabel={dictionary.toast.dismiss}>
          <SiteOriginProvider value={origin}>
            <InitialDataProvider value={initial}>{children}</InitialDataProvider>
          </SiteOriginProvider>
        </ToastProvider>
      </SessionProvider>
    </I18nProvider>
  );
}
