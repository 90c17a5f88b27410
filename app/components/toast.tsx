import clsx from 'clsx'
import { useEffect, useState } from 'react'

import type { Enlace } from '~/catalogo/tipos'

export interface ToastData {
  /** Changes for every new message, so a dismissed toast can come back. */
  id: string
  tipo: 'exito' | 'error'
  titulo: string
  texto: string
  /** One more line, e.g. the quote's reference. */
  detalle?: string
  /**
   * A link to follow from the message (the quote's tracking page). It loads a
   * whole new document, never a client-side navigation: the tracking page
   * runs no script (docs/decisions/071-tracking-pages-private.md).
   */
  enlace?: Enlace
}

/** How long a success toast stays when JavaScript runs; errors, and toasts with a link, stay until dismissed. */
const AUTO_HIDE_MS = 6000

/**
 * A toast rendered in the server HTML (so it shows without JavaScript):
 * role=status for success, role=alert for errors. It is dismissed with a
 * checkbox styled as a close button, which works without JavaScript too.
 */
export function Toast({ toast }: { toast: ToastData }) {
  const [closed, setClosed] = useState(false)
  const lasting = Boolean(toast.enlace)

  useEffect(() => {
    setClosed(false)
    if (toast.tipo !== 'exito' || lasting) return
    const timer = window.setTimeout(() => setClosed(true), AUTO_HIDE_MS)
    return () => window.clearTimeout(timer)
  }, [toast.id, toast.tipo, lasting])

  const closeId = `cerrar-${toast.id}`
  return (
    <div className="toast-region">
      <input
        id={closeId}
        type="checkbox"
        className="toast__toggle visually-hidden"
        aria-label="Cerrar aviso"
        checked={closed}
        onChange={(event) => setClosed(event.target.checked)}
      />
      <div
        className={clsx('toast', toast.tipo === 'error' ? 'toast--error' : 'toast--exito')}
        role={toast.tipo === 'error' ? 'alert' : 'status'}
      >
        <div className="toast__body">
          <p className="toast__title">{toast.titulo}</p>
          <p className="toast__text">{toast.texto}</p>
          {toast.detalle ? <p className="toast__detail">{toast.detalle}</p> : null}
          {toast.enlace ? (
            <a href={toast.enlace.to} className="toast__link">
              {toast.enlace.texto}
            </a>
          ) : null}
        </div>
        <label htmlFor={closeId} className="icon-button toast__close" title="Cerrar aviso">
          <span aria-hidden="true">×</span>
        </label>
      </div>
    </div>
  )
}
