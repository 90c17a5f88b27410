import type { EstadoSeguimiento } from '~/catalogo/tipos'

import { Icon } from './icon'

interface TrackingStatusProps {
  /** The current state: its label ('Te hemos respondido'), its icon, and what happens now, in plain words. */
  state: Pick<EstadoSeguimiento, 'etiqueta' | 'icono' | 'ahora'>
  /** When the quote reached it, Madrid time, in words, and as an ISO instant. */
  date: string
  isoDate: string
  /** The carrier and tracking number of the way back, once shipped. */
  shipment: string | null
}

/** The tracking page's first block: the current state, since when, and what happens now. */
export function TrackingStatus({ state, date, isoDate, shipment }: TrackingStatusProps) {
  return (
    <section className="panel tracking-status" aria-labelledby="estado-actual">
      <div className="tracking-status__head">
        <span className="icon-tile">
          <Icon name={state.icono} size={26} />
        </span>
        <div>
          <p className="eyebrow">Estado actual</p>
          <h2 id="estado-actual" className="tracking-status__label">
            {state.etiqueta}
          </h2>
          <p className="tracking-status__date">
            Desde el <time dateTime={isoDate}>{date}</time>
          </p>
        </div>
      </div>
      <p className="tracking-status__now">{state.ahora}</p>
      {shipment ? (
        <p className="tracking-status__shipment">
          <Icon name="camion" size={20} />
          <span>
            Envío: <strong>{shipment}</strong>
          </span>
        </p>
      ) : null}
    </section>
  )
}
