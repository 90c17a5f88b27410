import { Icon } from './icon'

interface When {
  fecha: string
  fechaIso: string
}

interface WithdrawalPanelProps {
  /** Until when he may withdraw. */
  until: When
  /** What he withdraws from: the quote's reference and the device. */
  reference: string
  device: string
  /** Where the acknowledgement goes, masked (m•••@example.com); null from an older function. */
  receipt: string | null
  /** The 'Desistir' form was posted: the confirmation, with what follows. */
  confirming: boolean
  /** The page itself, to go back without withdrawing. */
  backHref: string
  texts: {
    titulo: string
    texto: string
    boton: string
    confirmar: {
      titulo: string
      contrato: string
      acuse: string
      puntos: readonly string[]
      boton: string
      volver: string
    }
  }
}

/**
 * The right of withdrawal as a function of the page (docs/decisions/106):
 * 'Desistir del contrato' while he may, then a confirmation that says what he
 * withdraws from (the reference and the device) and where the acknowledgement
 * goes (his address, masked: Directive 2023/2673 art. 11a(3)), and what
 * follows, with 'Confirmar desistimiento'. Only confirming records it. Plain
 * forms posting to the page's own address: no JavaScript needed.
 */
export function WithdrawalPanel({
  until,
  reference,
  device,
  receipt,
  confirming,
  backHref,
  texts,
}: WithdrawalPanelProps) {
  const [before, after] = texts.texto.split('{hasta}')
  if (!confirming)
    return (
      <section className="panel withdrawal-panel" aria-labelledby="desistir">
        <h2 id="desistir" className="panel__title">
          {texts.titulo}
        </h2>
        <p>
          {before}
          <time dateTime={until.fechaIso}>{until.fecha}</time>
          {after}
        </p>
        <form method="post">
          <input type="hidden" name="accion" value="desistir" />
          <button type="submit" className="button button--secondary">
            {texts.boton}
          </button>
        </form>
      </section>
    )
  return (
    <section
      className="panel withdrawal-panel withdrawal-panel--confirm"
      role="alert"
      aria-labelledby="confirmar-desistimiento"
    >
      <span className="icon-tile">
        <Icon name="escudo" />
      </span>
      <h2 id="confirmar-desistimiento" className="panel__title">
        {texts.confirmar.titulo}
      </h2>
      <dl className="withdrawal-panel__facts">
        <div>
          <dt>{texts.confirmar.contrato}</dt>
          <dd>
            <strong>{reference}</strong> · {device}
          </dd>
        </div>
        {receipt ? (
          <div>
            <dt>{texts.confirmar.acuse}</dt>
            <dd>{receipt}</dd>
          </div>
        ) : null}
      </dl>
      <ul className="withdrawal-panel__points">
        {texts.confirmar.puntos.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <div className="withdrawal-panel__actions">
        <form method="post">
          <input type="hidden" name="accion" value="confirmar-desistimiento" />
          <button type="submit" className="button button--primary">
            {texts.confirmar.boton}
          </button>
        </form>
        <a className="button button--secondary" href={backHref}>
          {texts.confirmar.volver}
        </a>
      </div>
    </section>
  )
}
