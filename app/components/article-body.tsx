import { useNavigate } from '@remix-run/react'
import type { MouseEvent } from 'react'

interface ArticleBodyProps {
  /** The article's HTML, rendered from its Markdown at build time (scripts/articles.ts). */
  html: string
}

/**
 * An article's text: paragraphs, lists and h2 sections. Its links are this
 * site's paths; with JavaScript they navigate as the rest of the site does,
 * without reloading the page.
 */
export function ArticleBody({ html }: ArticleBodyProps) {
  const navigate = useNavigate()
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    const href = (event.target as Element).closest('a')?.getAttribute('href')
    if (!href?.startsWith('/') || href.startsWith('//')) return
    event.preventDefault()
    navigate(href)
  }
  // The links inside are ordinary <a> elements; the click handler only upgrades them.
  return <div className="article-body" onClick={followLink} dangerouslySetInnerHTML={{ __html: html }} />
}
