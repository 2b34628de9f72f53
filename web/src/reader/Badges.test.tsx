import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import { I18nProvider, type Dictionary } from '../i18n/i18n';
import { RegionBadge, StoryPicture } from './Badges';

const inFrench = (node: React.ReactNode) =>
  renderToString(
    <I18nProvider initial="FR" dictionary={fr as Dictionary}>
      {node}
    </I18nProvider>,
  );

describe('region names on a story', () => {
  it('names the region in the page language on the badge and on the picture placeholder', () => {
    const story = { title: 'Ferry fares rise', region: 'Dominican Republic' };
    expect(inFrench(<RegionBadge region={story.region} />)).toContain('>République dominicaine<');
    const picture = inFrench(<StoryPicture story={story} />);
    expect(picture).toContain('>République dominicaine<');
    expect(picture).not.toContain('Dominican Republic');
  });

  it('keeps English names on English pages', () => {
    const html = renderToString(
      <I18nProvider initial="EN" dictionary={en}>
        <StoryPicture story={{ title: 'Ferry fares rise', region: 'Barbados' }} />
      </I18nProvider>,
    );
    expect(html).toContain('>Barbados<');
  });
});
