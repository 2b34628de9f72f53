import { documentStatus, type StoryCardRow } from '../../core/console/console-overview';
import { articlePath } from '../../core/stories/article-address';
import { isLive } from '../../core/stories/publishing';
import { editorialLabels } from './console-story';

/** A story card for console lists: the card's fields plus the labels the screens show. */
export function presentStoryCard(card: StoryCardRow) {
  return {
    ...card,
    path: isLive(card) ? articlePath(card) : null,
    ...editorialLabels(card),
    document_status: card.sanity_id ? documentStatus(card) : null,
  };
}
