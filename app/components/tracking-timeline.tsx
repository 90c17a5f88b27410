import clsx from 'clsx'

interface TrackingTimelineProps {
  /** Every state the quote reached, oldest first, with its Madrid date and time; the last is the current one. */
  historial: ReadonlyArray<{ etiqueta: string; fecha: string; fechaIso: string }>
  /** What comes next, greyed; null when nothing follows (delivered, cancelled). */
  siguiente: string | null
}

/** The timeline of a quote: a dot per state reached, the current one lit, and what comes next in grey. */
export function TrackingTimeline({ historial, siguiente }: TrackingTimelineProps) {
  return (
    <ol className="timeline">
      {historial.map((paso, index) => {
        const current = index === historial.length - 1
        return (
          <li key={`${paso.fechaIso}-${index}`} className={clsx('timeline__item', current && 'timeline__item--current')} aria-current={current ? 'step' : undefined}>
            <span className="timeline__dot" aria-hidden="true" />
            <p className="timeline__label">{paso.etiqueta}</p>
            <p className="timeline__date">
              <time dateTime={paso.fechaIso}>{paso.fecha}</time>
            </p>
          </li>
        )
      })}
      {siguiente ? (
        <li className="timeline__item timeline__item--next">
          <span className="timeline__dot" aria-hidden="true" />
          <p className="timeline__label">
            <span className="timeline__next">Lo siguiente: </span>
            {siguiente}
          </p>
        </li>
      ) : null}
    </ol>
  )
}
