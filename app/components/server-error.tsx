import { Link } from '@remix-run/react'

/** Shown for unexpected server errors; never leaks details to the visitor. */
export function ServerError() {
  return (
    <section className="not-found">
      <div className="container not-found__inner">
        <h1 className="not-found__title">Algo ha fallado</h1>
        <p className="not-found__text">
          No hemos podido mostrar esta página. Vuelve a intentarlo en unos segundos o escríbenos por WhatsApp.
        </p>
        <Link to="/" className="button button--primary">
          Volver al inicio
        </Link>
      </div>
    </section>
  )
}
