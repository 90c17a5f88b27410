import type { TermsSection } from '~shared/contract'
import type { OfferStatus } from '~shared/offer'

import { ContractTerms } from './contract-terms'
import { Icon } from './icon'
import { OfferDecision, type OfferDecisionProps } from './offer-decision'

interface When {
  fecha: string
  fechaIso: string
}

interface OfferPanelProps {
  offer: {
    version: number
    /** "25,50 €", written by the one shared helper. */
    amount: string
    note: string | null
    sent: When
    validUntil: When
    decided: When | null
    updated: boolean
    revised: boolean
    status: OfferStatus
    /** No longer waiting for him: whether the repair went on (else it was taken back or cancelled). */
    goesOn: boolean
    reason: string | null
    /** A wa.me link to talk the price over, prefilled with the reference. */
    whatsapp: string
    /** The written quote: the work, the parts and their split, the days, the shipping (null: an older price). */
    details: ReadonlyArray<{ label: string; value: string }> | null
    /** On an accepted price: he asked that the repair start within the withdrawal period. */
    expressRequest: boolean
    /** The fixed terms: who repairs, the guarantee, complaints, withdrawal, how it is concluded. */
    terms: readonly TermsSection[]
  }
  /** An acceptance sent without the express request, or without a right name or address: the messages. */
  acceptance?: OfferDecisionProps['acceptance']
  reasons: OfferDecisionProps['reasons']
  /** The panel's own words, and the answer's (components/offer-decision.tsx). */
  texts: OfferDecisionProps['texts'] & {
    titulo: string
    iva: string
    actualizado: string
    revisado: string
    enviado: string
    validoHasta: string
    condiciones: string
    solicitudHecha: string
    aceptado: string
    rechazado: string
    caducado: { titulo: string; texto: string }
    retirado: string
    retiradoSinSeguir: string
    hablarlo: string
  }
}

/**
 * 'Tu presupuesto' on the tracking page: the amount (VAT included), the
 * owner's note, the written quote (the work, the parts and their split, the
 * days, the shipping), when it was sent and until when it holds, the terms,
 * and while it is open the customer's two answers; once answered, expired
 * or overtaken, what became of it.
 */
export function OfferPanel({ offer, reasons, texts, acceptance }: OfferPanelProps) {
  return (
    <section className="panel offer-panel" aria-labelledby="tu-presupuesto">
      <h2 id="tu-presupuesto" className="panel__title">
        {texts.titulo}
        {offer.updated ? <span className="offer-panel__updated"> ({texts.actualizado})</span> : null}
      </h2>
      <p className="offer-panel__amount">
        <strong>{offer.amount}</strong> <span className="offer-panel__vat">{texts.iva}</span>
      </p>
      {offer.revised && offer.status === 'open' ? <p>{texts.revisado}</p> : null}
      {offer.note ? <p className="offer-panel__note">{offer.note}</p> : null}
      {offer.details ? (
        <dl className="offer-panel__details">
          {offer.details.map((detail) => (
            <div key={detail.label}>
              <dt>{detail.label}</dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="offer-panel__dates">
        {texts.enviado} <time dateTime={offer.sent.fechaIso}>{offer.sent.fecha}</time>
        {offer.status === 'open' ? (
          <>
            {' · '}
            {texts.validoHasta} <time dateTime={offer.validUntil.fechaIso}>{offer.validUntil.fecha}</time>
          </>
        ) : null}
      </p>
      {offer.status === 'open' || offer.status === 'accepted' ? (
        <ContractTerms titulo={texts.condiciones} terms={offer.terms} />
      ) : null}
      {offer.status === 'open' ? (
        <OfferDecision version={offer.version} reasons={reasons} texts={texts} acceptance={acceptance} />
      ) : null}
      {offer.status === 'accepted' && offer.decided ? (
        <p className="offer-panel__outcome">
          <Icon name="check" size={20} /> {texts.aceptado}{' '}
          <time dateTime={offer.decided.fechaIso}>{offer.decided.fecha}</time>.
          {offer.expressRequest ? ` ${texts.solicitudHecha}` : null}
        </p>
      ) : null}
      {offer.status === 'declined' && offer.decided ? (
        <p className="offer-panel__outcome">
          {texts.rechazado} <time dateTime={offer.decided.fechaIso}>{offer.decided.fecha}</time>
          {offer.reason ? ` (${offer.reason})` : ''}.
        </p>
      ) : null}
      {offer.status === 'expired' ? (
        <div className="offer-panel__expired" role="status">
          <h3>{texts.caducado.titulo}</h3>
          <p>{texts.caducado.texto}</p>
        </div>
      ) : null}
      {offer.status === 'withdrawn' ? <p>{offer.goesOn ? texts.retirado : texts.retiradoSinSeguir}</p> : null}
      {offer.status === 'declined' || offer.status === 'expired' ? (
        <a className="button button--whatsapp" href={offer.whatsapp} rel="noopener noreferrer">
          <Icon name="whatsapp" size={20} /> {texts.hablarlo}
        </a>
      ) : null}
    </section>
  )
}
