import clsx from 'clsx'
interface TrackingTimelineProps {
  /** Every state the quote reached, oldest first, with its Madrid date and time; the last is the current one. */
  history: ReadonlyArray<{ etiqueta: string; fecha: string; fechaIso: string }>
  /** What comes next, greyed; null when nothing follows (delivered, cancelled). */
  next: string | null
}

/** The timeline of a quote: a dot per state reached, the current one lit, and what comes next in grey. */
export function TrackingTimeline({ history, next }: TrackingTimelineProps) {
  return (
    <ol className="timeline">
      {history.map((step, index) => {
        const current = index === history.length - 1
        return (
          <li
            key={`${step.fechaIso}-${index}`}
            className={clsx('timeline__item', current && 'timeline__item--current')}
            aria-current={current ? 'step' : undefined}
          >
            <span className="timeline__dot" aria-hidden="true" />
            <p className="timeline__label">{step.etiqueta}</p>
            <p className="timeline__date">
              <time dateTime={step.fechaIso}>{step.fecha}</time>
            </p>
          </li>
        )
      })}
      {next ? (
        <li className="timeline__item timeline__item--next">
          <span className="timeline__dot" aria-hidden="true" />
          <p className="timeline__label">
            <span className="timeline__next">Lo siguiente: </span>
            {next}
          </p>
        </li>
      ) : null}
    </ol>
  )
}
