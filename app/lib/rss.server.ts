/** An RSS 2.0 feed (https://www.rssboard.org/rss-specification): the blog's articles, newest first. */

export interface FeedItem {
  title: string
  description: string
  /** Absolute URL of the article. */
  link: string
  /** YYYY-MM-DD */
  published: string
}

export interface Feed {
  title: string
  description: string
  /** Absolute URL of the blog. */
  link: string
  /** Absolute URL of the feed itself (atom:link rel="self"). */
  self: string
  /** YYYY-MM-DD: when the newest change was made. */
  updated: string
  items: readonly FeedItem[]
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character)

/** "2024-03-15" -> "Fri, 15 Mar 2024 00:00:00 GMT" (RFC 822, as RSS dates are). */
export const rfc822 = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString()

export function rssFeed(feed: Feed): string {
  const items = feed.items.map((item) =>
    [
      '    <item>',
      `      <title>${xml(item.title)}</title>`,
      `      <link>${xml(item.link)}</link>`,
      `      <guid isPermaLink="true">${xml(item.link)}</guid>`,
      `      <pubDate>${rfc822(item.published)}</pubDate>`,
      `      <description>${xml(item.description)}</description>`,
      '    </item>',
    ].join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(feed.title)}</title>`,
    `    <link>${xml(feed.link)}</link>`,
    `    <description>${xml(feed.description)}</description>`,
    '    <language>es-ES</language>',
    `    <lastBuildDate>${rfc822(feed.updated)}</lastBuildDate>`,
    `    <atom:link href="${xml(feed.self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
