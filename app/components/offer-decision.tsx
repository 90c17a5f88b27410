interface OfferDecisionProps {
  /** The offer's version: an answer to an older one changes nothing. */
  version: number
  reasons: ReadonlyArray<{ value: string; label: string }>
  texts: { aceptar: string; rechazar: string; motivoPregunta: string }
}

/**
 * The customer's answer to an open price: two plain forms posting to the
 * page's own address (no action attribute), so they work without
 * JavaScript, which the tracking page never runs. Saying no may carry one
 * of the fixed reasons, never free text.
 */
export function OfferDecision({ version, reasons, texts }: OfferDecisionProps) {
  return (
    <div className="offer-decision">
      <form method="post" className="offer-decision__accept">
        <input type="hidden" name="version" value={version} />
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
