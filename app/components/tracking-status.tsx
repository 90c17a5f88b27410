import type { Icono } from '~/catalogo/tipos'

import { Icon } from './icon'

interface TrackingStatusProps {
  /** The current state's label ('Te hemos respondido'). */
  etiqueta: string
  icono: Icono
  /** When the quote reached it, Madrid time, in words, and as an ISO instant. */
  fecha: string
  fechaIso: string
  /** What happens now, in plain words. */
  ahora: string
  /** The carrier and tracking number of the way back, once shipped. */
  envio: string | null
}

/** The tracking page's first block: the current state, since when, and what happens now. */
export function TrackingStatus({ etiqueta, icono, fecha, fechaIso, ahora, envio }: TrackingStatusProps) {
  return (
    <section className="panel tracking-status" aria-labelledby="estado-actual">
      <div className="tracking-status__head">
        <span className="icon-tile">
          <Icon name={icono} size={26} />
        </span>
        <div>
          <p className="eyebrow">Estado actual</p>
          <h2 id="estado-actual" className="tracking-status__label">
            {etiqueta}
          </h2>
          <p className="tracking-status__date">
            Desde el <time dateTime={fechaIso}>{fecha}</time>
          </p>
        </div>
      </div>
      <p className="tracking-status__now">{ahora}</p>
      {envio ? (
        <p className="tracking-status__shipment">
          <Icon name="camion" size={20} />
          <span>
            Envío: <strong>{envio}</strong>
          </span>
        </p>
      ) : null}
    </section>
  )
}
