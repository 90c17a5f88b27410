import { Link, useLocation } from '@remix-run/react'
import { useEffect } from 'react'

/** The not-found page: '404', 'Oops! Page not found' and 'Return to Home'; the server answers it with HTTP 404. */
export function NotFound() {
  const { pathname } = useLocation()
  useEffect(() => {
    console.warn(`404: ruta no encontrada ${pathname}`)
  }, [pathname])

  return (
    <section className="not-found">
      <div className="container not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="not-found__title">
          <span className="visually-hidden">404: </span>Oops! Page not found
        </h1>
        <p className="not-found__text">La página que buscas no existe o ha cambiado de dirección.</p>
        <Link to="/" className="button button--primary">
          Return to Home
        </Link>
      </div>
    </section>
  )
}
