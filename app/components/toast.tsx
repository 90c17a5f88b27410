import clsx from 'clsx'
import { useEffect, useState } from 'react'

export interface ToastData {
  /** Changes for every new message, so a dismissed toast can come back. */
  id: string
  tipo: 'exito' | 'error'
  titulo: string
  texto: string
  /** One more line, e.g. the quote's reference. */
  detalle?: string
}

/** How long a success toast stays when JavaScript runs; errors stay until dismissed. */
const AUTO_HIDE_MS = 6000

/**
 * A toast rendered in the server HTML (so it shows without JavaScript):
 * role=status for success, role=alert for errors. It is dismissed with a
 * checkbox styled as a close button, which works without JavaScript too.
 */
export function Toast({ toast }: { toast: ToastData }) {
  const [closed, setClosed] = useState(false)

  useEffect(() => {
    setClosed(false)
    if (toast.tipo !== 'exito') return
    const timer = window.setTimeout(() => setClosed(true), AUTO_HIDE_MS)
    return () => window.clearTimeout(timer)
  }, [toast.id, toast.tipo])

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
        </div>
        <label htmlFor={closeId} className="icon-button toast__close" title="Cerrar aviso">
          <span aria-hidden="true">×</span>
        </label>
      </div>
    </div>
  )
}
