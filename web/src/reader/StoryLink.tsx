import type { ReactNode } from 'react';
import type { StoryCard } from '../data/types';
import { AppLink } from '../shared/app-link';

/** Opens a story at its SEO address; a story without an id cannot be opened (logged, nothing happens). */
export function StoryLink({ story, children, className }: { story: StoryCard; children: ReactNode; className?: string }) {
  if (!story.path) {
    return (
      <span className={className} onClick={() => console.error('Story has no id; cannot open it', story.title)}>
        {children}
      </span>
    );
  }
  return (
    <AppLink to={story.path} className={className}>
      {children}
    </AppLink>
  );
}
