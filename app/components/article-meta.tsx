interface ArticleMetaProps {
  /** YYYY-MM-DD: published. */
  published: string
  /** The same date as people read it: "15 de marzo de 2024". */
  publishedText: string
  /** YYYY-MM-DD: last changed. */
  updated: string
  updatedText: string
  readingMinutes: number
}

/** An article's dates and reading time, under its title. */
export function ArticleMeta({ published, publishedText, updated, updatedText, readingMinutes }: ArticleMetaProps) {
  return (
    <ul className="article-meta">
      <li>
        Publicado el <time dateTime={published}>{publishedText}</time>
      </li>
      {updated !== published ? (
        <li>
          Actualizado el <time dateTime={updated}>{updatedText}</time>
        </li>
      ) : null}
      <li>{readingMinutes} min de lectura</li>
    </ul>
  )
}
