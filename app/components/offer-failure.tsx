interface Notice {
  titulo: string
  texto: string
}

interface OfferFailureProps {
  /** Why the customer's answer (or his withdrawal) was not saved. */
  failure: 'limited' | 'invalid' | 'down' | 'replaced' | 'expired' | 'withdrawal-down' | 'payment-down'
  texts: {
    demasiadas: Notice
    noValida: Notice
    caidaDecision: Notice
    sustituido: Notice
    caducadoAlResponder: Notice
  }
  /** His withdrawal could not be saved: the function did not answer. */
  withdrawal: Notice
  /** 'Pagar' could not open Stripe's page: the function or Stripe did not answer. */
  payment: Notice
}

/** Above the tracking page when the customer's answer to his price could not be saved, and why. */
export function OfferFailure({ failure, texts, withdrawal, payment }: OfferFailureProps) {
  const notice = {
    limited: texts.demasiadas,
    invalid: texts.noValida,
    down: texts.caidaDecision,
    replaced: texts.sustituido,
    expired: texts.caducadoAlResponder,
    'withdrawal-down': withdrawal,
    'payment-down': payment,
  }[failure]
  return (
    <section className="panel offer-failure" role="alert" aria-labelledby="respuesta-no-guardada">
      <h2 id="respuesta-no-guardada" className="panel__title">
        {notice.titulo}
      </h2>
      <p>{notice.texto}</p>
    </section>
  )
}
