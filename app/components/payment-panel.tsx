interface When {
  fecha: string
  fechaIso: string
}

export interface PaymentView {
  status: 'none' | 'due' | 'confirming' | 'paid'
  due: string | null
  payOnline: boolean
  paid: Array<When & { amount: string; method: string | null }>
  confirming: string | null
  failed: boolean
  refunds: Array<When & { amount: string; done: boolean }>
}

interface PaymentPanelProps {
  payment: PaymentView
  /** Back from Stripe's page: paid (`ok`) or cancelled, as the return address says (never trusted as a payment). */
  back: 'ok' | 'cancelado' | null
  texts: {
    titulo: string
    debes: string
    boton: string
    enLinea: string
    cuando: string
    enTaller: string
    pagado: string
    confirmando: string
    vuelta: string
    cancelado: string
    fallido: string
    reembolso: string
    reembolsoPendiente: string
  }
}

/**
 * The payment of the accepted price on the tracking page (docs/decisions/122): what is due with one POST
 * form 'Pagar 45,00 €' (no JavaScript: the page answers 303 to Stripe's Checkout), or how to pay at the
 * counter when the shop takes no payments online; 'Pagado' with the amount, the date and the method; a
 * payment being confirmed; the refunds.
 */
export function PaymentPanel({ payment, back, texts }: PaymentPanelProps) {
  const fill = (text: string, amount: string) => text.replace('{importe}', amount)
  const returning = back === 'ok' && payment.status === 'due'
  return (
    <section className="panel payment-panel" aria-labelledby="pago">
      <h2 id="pago" className="panel__title">
        {texts.titulo}
      </h2>
      {payment.paid.map((paid) => (
        <p key={paid.fechaIso} className="payment-panel__paid">
          <strong>
            {texts.pagado} {paid.amount}
          </strong>{' '}
          el <time dateTime={paid.fechaIso}>{paid.fecha}</time>
          {paid.method ? ` (${paid.method})` : null}.
        </p>
      ))}
      {payment.refunds.map((refund) => (
        <p key={refund.fechaIso}>
          {fill(refund.done ? texts.reembolso : texts.reembolsoPendiente, refund.amount)}:{' '}
          <time dateTime={refund.fechaIso}>{refund.fecha}</time>.
        </p>
      ))}
      {payment.confirming ? <p role="status">{fill(texts.confirmando, payment.confirming)}</p> : null}
      {returning ? <p role="status">{texts.vuelta}</p> : null}
      {back === 'cancelado' && payment.status === 'due' ? <p>{texts.cancelado}</p> : null}
      {payment.failed && !returning ? <p>{texts.fallido}</p> : null}
      {payment.status === 'due' && payment.due ? (
        <>
          <p className="payment-panel__due">
            {texts.debes} <strong>{payment.due}</strong>
          </p>
          {payment.payOnline ? (
            <>
              <form method="post">
                <input type="hidden" name="accion" value="pagar" />
                <button type="submit" className="button button--primary">
                  {fill(texts.boton, payment.due)}
                </button>
              </form>
              <p className="payment-panel__note">{texts.enLinea}</p>
              <p className="payment-panel__note">{texts.cuando}</p>
            </>
          ) : (
            <p>{texts.enTaller}</p>
          )}
        </>
      ) : null}
    </section>
  )
}
