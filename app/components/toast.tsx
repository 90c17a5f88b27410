import { useEffect, useRef } from 'react'

import type { Enlace } from '~/catalogo/tipos'
import { TOAST, enhanceToast } from '~/enhancements/toast'

import { useEnhancement } from './enhancement-scripts'

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
   * whole new document: the tracking page runs no script
   * (docs/decisions/071-tracking-pages-private.md).
   */
  enlace?: Enlace
}

/**
 * A toast rendered in the server HTML (so it shows without JavaScript):
 * role=status for success, role=alert for errors. It is dismissed with a
 * checkbox styled as a close button, which works without JavaScript too.
 * Its text shows a moment after its live region, so that assistive
 * technology announces it (toast.css). Its behaviour (a success toast
 * without a link hides after 6 s) is the toast module's (app/enhancements/toast.ts): on the server HTML it runs as
 * a module script; a toast the quote page's React shows later calls it here.
 */
export function Toast({ toast }: { toast: ToastData }) {
  useEnhancement('toast')
  const region = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (region.current) enhanceToast(region.current)
  }, [])

  const closeId = `cerrar-${toast.id}`
  return (
    <div
      ref={region}
      className="toast-region"
      {...{ [TOAST.root]: toast.tipo, ...(toast.enlace ? { [TOAST.lasting]: '' } : {}) }}
    >
      <input id={closeId} type="checkbox" className="toast__toggle visually-hidden" aria-label="Cerrar aviso" />
      <div
        className={`toast ${toast.tipo === 'error' ? 'toast--error' : 'toast--exito'}`}
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
