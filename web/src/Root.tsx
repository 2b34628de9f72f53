import type { ReactNode } from 'react';
import { InitialDataProvider, type InitialData } from './data/route-data';
import { I18nProvider, type Dictionary, type Language } from './i18n/i18n';
import { SessionProvider } from './shared/session';
import { ToastProvider } from './shared/toasts';

/** Providers shared by the browser and the server renderer. */
export function Root({ initial, language, preferred, dictionary, children }: { initial: InitialData; language: Language; preferred?: Language; dictionary: Dictionary; children: ReactNode }) {
  return (
    <I18nProvider initial={language} preferred={preferred} dictionary={dictionary}>
      <SessionProvider>
        <ToastProvider dismissLabel={dictionary.toast.dismiss}>
          <InitialDataProvider value={initial}>{children}</InitialDataProvider>
        </ToastProvider>
      </SessionProvider>
    </I18nProvider>
  );
}
