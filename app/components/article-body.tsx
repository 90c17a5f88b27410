interface ArticleBodyProps {
  /** The article's HTML, rendered from its Markdown at build time (scripts/build/articles.ts). */
  html: string
}

/** An article's text: paragraphs, lists and h2 sections. Its links are this site's paths, plain links. */
export function ArticleBody({ html }: ArticleBodyProps) {
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} />
}
