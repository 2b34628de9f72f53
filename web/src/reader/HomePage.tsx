import { useEffect, useState } from 'react';

type Card = { id: string; title: string; summary: string; region: string; source_count: number; path: string | null };
type Home = { lead: Card | null; latest: Card[]; moreNews: Card[] };

export function HomePage() {
  const [home, setHome] = useState<Home | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/home')
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then(setHome)
      .catch((e: Error) => setError(e.message));
  }, []);
  if (error) return <p role="alert">Stories could not be loaded: {error}</p>;
  if (!home) return <p aria-busy="true">Loading…</p>;
  const stories = [home.lead, ...home.latest, ...home.moreNews].filter((s): s is Card => s !== null);
  if (stories.length === 0) return <p>No stories published yet.</p>;
  return (
    <ul className="story-list">
      {stories.map((s) => (
        <li key={s.id}>
          <h2>{s.title}</h2>
          <p>{s.summary}</p>
          <small>{s.region} · {s.source_count} {s.source_count === 1 ? 'source' : 'sources'}</small>
        </li>
      ))}
    </ul>
  );
}
