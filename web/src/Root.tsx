import type { ReactNode } from 'react';
import { InitialDataProvider, type InitialData } from './data/route-data';
import { NO_SITE_CONFIG, SiteConfigProvider, type SiteConfig } from './data/site-config';
import { I18nProvider, type Dictionary, type Language } from './i18n/i18n';
import { SessionProvider } from './shared/session';
import { SiteOriginProvider } from './shared/site-origin';
import { ToastProvider } from './shared/toasts';

/** Providers shared by the browser and the server renderer. */
export function Root({
  initial,
  language,
  preferred,
  dictionary,
  site,
  origin = '',
  children,
}: {
  initial: InitialData;
  language: Language;
  preferred?: Language;
  dictionary: Dictionary;
  site?: SiteConfig;
  origin?: string;
  children: ReactNode;
}) {
  return (
    <I18nProvider initial={language} preferred={preferred} dictionary={dictionary}>
      <SessionProvider>
        <ToastProvider dismissLabel={dictionary.toast.dismiss}>
          <SiteConfigProvider value={site ?? NO_SITE_CONFIG}>
            <SiteOriginProvider value={origin}>
              <InitialDataProvider value={initial}>{children}</InitialDataProvider>
            </SiteOriginProvider>
          </SiteConfigProvider>
        </ToastProvider>
      </SessionProvider>
    </I18nProvider>
  );
}
