import type { Story } from '../../data/types';
import { useI18n } from '../../i18n/i18n';
import { absoluteUrl, useSiteOrigin } from '../../shared/site-origin';
import { useToast } from '../../shared/toasts';

type Network = { key: string; name: string; url: (link: string, title: string) => string };

/** The spec's networks: a messaging app, two social networks, a microblog (with a via mention), e-mail. */
export const NETWORKS: Network[] = [
  { key: 'whatsapp', name: 'WhatsApp', url: (link, title) => `https://wa.me/?text=${encodeURIComponent(`${title} ${link}`)}` },
  { key: 'facebook', name: 'Facebook', url: (link) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}` },
  { key: 'linkedin', name: 'LinkedIn', url: (link) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(link)}` },
  {
    key: 'x',
    name: 'X',
    url: (link, title) => `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodeURIComponent(link)}&via=C360News`,
  },
];

export function ShareButtons({ story }: { story: Story }) {
  const { t } = useI18n();
  const toast = useToast();
  // The server tells the page its public origin (the same one its canonical link carries), so the
  // links are absolute and identical in the server's HTML and in the browser.
  const origin = useSiteOrigin() || (typeof window === 'undefined' ? '' : window.location.origin);
  const path = story.path ?? (typeof window === 'undefined' ? '/' : window.location.pathname);
  const url = absoluteUrl(origin, path);

  const share = (network: Network) => {
    let opened: Window | null = null;
    try {
      opened = window.open(network.url(url, story.title), '_blank', 'width=600,height=400');
    } catch {
      opened = null;
    }
    if (!opened) {
      toast.show({ title: t('article.shareFailedTitle'), description: t('article.shareFailed'), tone: 'error' });
      return;
    }
    opened.opener = null; // the network's page must not reach back into ours
    toast.show({ title: t('article.sharingTitle'), description: t('article.sharing', { network: network.name }) });
  };

  const mailto = `mailto:?subject=${encodeURIComponent(story.title)}&body=${encodeURIComponent(`${story.summary}\n\n${url}`)}`;
  return (
    <div className="share" role="group" aria-label={t('article.share')}>
      {NETWORKS.map((n) => (
        <button key={n.key} type="button" className={`share-${n.key}`} onClick={() => share(n)} aria-label={t('article.shareOn', { network: n.name })}>
          {n.name}
        </button>
      ))}
      <a className="share-email" href={mailto} aria-label={t('article.shareEmail')}>
        E-mail
      </a>
    </div>
  );
}
