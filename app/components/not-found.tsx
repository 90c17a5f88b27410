import { useEnhancement } from './enhancement-scripts'

/**
 * The not-found page: '404', 'Oops! Page not found' and 'Return to Home'; the server answers it with HTTP
 * 404, and its module (app/enhancements/not-found.ts) logs the address asked for in the browser's console.
 */
export function NotFound() {
  useEnhancement('not-found')

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
        <a href="/" className="button button--primary">
          Return to Home
        </a>
      </div>
    </section>
  )
}
