interface ArticleMetaProps {
  /** YYYY-MM-DD: published. */
  fecha: string
  fechaLegible: string
  /** YYYY-MM-DD: last changed. */
  actualizado: string
  actualizadoLegible: string
  minutosDeLectura: number
}

/** An article's dates and reading time, under its title. */
export function ArticleMeta({ fecha, fechaLegible, actualizado, actualizadoLegible, minutosDeLectura }: ArticleMetaProps) {
  return (
    <ul className="article-meta">
      <li>
        Publicado el <time dateTime={fecha}>{fechaLegible}</time>
      </li>
      {actualizado !== fecha ? (
        <li>
          Actualizado el <time dateTime={actualizado}>{actualizadoLegible}</time>
        </li>
      ) : null}
      <li>{minutosDeLectura} min de lectura</li>
    </ul>
  )
}
