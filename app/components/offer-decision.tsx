interface OfferDecisionProps {
  /** The offer's version: an answer to an older one changes nothing. */
  version: number
  reasons: ReadonlyArray<{ value: string; label: string }>
  texts: {
    aceptar: string
    rechazar: string
    motivoPregunta: string
    solicitudExpresa: string
    sinSolicitudExpresa: string
  }
  /** An acceptance sent without the express request: its message next to the box. */
  missingRequest?: boolean
}

/**
 * The customer's answer to an open price: two plain forms posting to the
 * page's own address (no action attribute), so they work without
 * JavaScript, which the tracking page never runs. Accepting needs his express
 * request to start within the withdrawal period, a box never ticked in
 * advance (TRLGDCU 103.a), and the button says it binds him to pay (98.2).
 * Saying no may carry one of the fixed reasons, never free text.
 */
export function OfferDecision({ version, reasons, texts, missingRequest = false }: OfferDecisionProps) {
  return (
    <div className="offer-decision">
      <form method="post" className="offer-decision__accept">
        <input type="hidden" name="version" value={version} />
        <div className="offer-decision__request">
          <label className="choice choice--block">
            <input
              type="checkbox"
              name="solicitud_expresa"
              value="si"
              aria-invalid={missingRequest || undefined}
              aria-describedby={missingRequest ? 'solicitud-expresa-error' : undefined}
              // Sent without it, the page opens on the box and its message (no script: the browser focuses it).
              autoFocus={missingRequest}
            />
            <span>{texts.solicitudExpresa}</span>
          </label>
          {missingRequest ? (
            <p id="solicitud-expresa-error" className="field__error" role="alert">
              {texts.sinSolicitudExpresa}
            </p>
          ) : null}
        </div>
        <button type="submit" name="decision" value="aceptar" className="button button--primary button--large">
          {texts.aceptar}
        </button>
      </form>
      <form method="post" className="offer-decision__decline">
        <input type="hidden" name="version" value={version} />
        <fieldset className="offer-decision__reasons">
          <legend className="field__label">{texts.motivoPregunta}</legend>
          <div className="choice-group">
            {reasons.map((reason) => (
              <label key={reason.value} className="choice">
                <input type="radio" name="motivo" value={reason.value} />
                {reason.label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" name="decision" value="rechazar" className="button button--secondary">
          {texts.rechazar}
        </button>
      </form>
    </div>
  )
}
