import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the server says about itself in the page's data block (server/pages/render-page.ts):
 * `newsletter` is true only when it can send e-mail, so the sign-up box never offers what would
 * fail. Unknown (no data block, e.g. the dev server) counts as no.
 */
export type SiteConfig = { newsletter: boolean };
export const NO_SITE_CONFIG: SiteConfig = { newsletter: false };

const SiteConfigContext = createContext<SiteConfig>(NO_SITE_CONFIG);

export function SiteConfigProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
