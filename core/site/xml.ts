/** Text and attribute escaping for the XML C360 writes (sitemaps, RSS). */
export function escapeXml(value: string): string {
  return (
    value
      // characters XML 1.0 forbids, even escaped
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
