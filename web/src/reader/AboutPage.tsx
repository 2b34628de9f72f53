import { Link } from 'react-router-dom';

/** What the footer's company and product links point at: plain facts about this site. */
export default function AboutPage() {
  return (
    <div className="about-page prose">
      <h1>About C360</h1>
      <section id="about">
        <h2>About Us</h2>
        <p>
          C360 reads the public news feeds of outlets across the Caribbean and its diaspora, groups their reports of the same event into one story, checks the
          story's claims across independent sources, and writes it up in five layers: the short version, what happened, what locals are saying, why it matters,
          and our take. A story is published only when at least two sources report it, its claims are checked, and an editor or the publishing rules approve it.
        </p>
      </section>
      <section id="engine">
        <h2>Intelligence Engine</h2>
        <p>
          Every story lists the outlets it was built from and links to them. Sources owned by the same media group, or carrying the same wire copy, count once
          when claims are checked. Stories that rest on a single source or on contradictory figures are held for an editor.
        </p>
      </section>
      <section id="privacy">
        <h2>Privacy Policy</h2>
        <p>
          Reading C360 sets no tracking cookies. To count readers we store the page, the time, the device type and the referring site, and a daily-changing
          anonymous number instead of your address. If you subscribe to a newsletter we keep your e-mail address, send a confirmation message first, and every
          e-mail has a link that removes you at once. Accounts store an e-mail address and a password hash; nothing is sold or shared.
        </p>
      </section>
      <section id="terms">
        <h2>Terms of Service</h2>
        <p>
          Stories summarise and link to reporting by the outlets named with each story; their articles remain theirs. Summaries are written with automated tools
          and checked by rules and editors; report an error and we will correct it.
        </p>
      </section>
      <section id="contact">
        <h2>Contact, Careers and Advertise</h2>
        <p>
          Corrections, tips, job enquiries and advertising requests go to the team that runs this C360 site. Subscribers can reply to any newsletter to reach
          the editors.
        </p>
      </section>
      <section id="api">
        <h2>Products and API Access</h2>
        <p>
          Our published stories are available as an <a href="/rss.xml">RSS feed</a>. The <Link to="/storm-centre">Storm Centre</Link> follows US National
          Hurricane Center advisories for the region. C360 Pro and C360 Local editions, and programmatic API access, are offered by arrangement with the team
          that runs this site.
        </p>
      </section>
      <span id="careers" /> <span id="advertise" /> <span id="pro" /> <span id="local" />
    </div>
  );
}
