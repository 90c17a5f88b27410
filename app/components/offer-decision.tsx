import { Field } from './field'

/** What an acceptance lacked, the page again: each message beside its field, what he typed kept. */
export interface AcceptanceFaults {
  missingRequest: boolean
  errors: { nombre?: string; direccion?: string }
  values: { nombre: string; direccion: string }
}

export interface OfferDecisionProps {
  /** The offer's version: an answer to an older one changes nothing. */
  version: number
  reasons: ReadonlyArray<{ value: string; label: string }>
  texts: {
    aceptar: string
    rechazar: string
    motivoPregunta: string
    solicitudExpresa: string
    sinSolicitudExpresa: string
    partes: { titulo: string; nombre: string; nombreAyuda: string; direccion: string; direccionAyuda: string }
  }
  /** An acceptance sent without the express request, or without a right name or address. */
  acceptance?: AcceptanceFaults
}

/** The accept form's id: its fields' ids are `aceptar-nombre` and `aceptar-direccion`. */
const FORM = 'aceptar'

/**
 * The customer's answer to an open price: two plain forms posting to the
 * page's own address (no action attribute), so they work without
 * JavaScript, which the tracking page never runs. Accepting needs his express
 * request to start within the withdrawal period, a box never ticked in
 * advance (TRLGDCU 103.a), and the button says it binds him to pay (98.2).
 * The yes names the contract's party: his full name and postal address (docs/decisions/132), each message
 * beside its field and what he typed kept when the page comes back. Saying no may carry one of the fixed
 * reasons, never free text.
 */
export function OfferDecision({ version, reasons, texts, acceptance }: OfferDecisionProps) {
  const missingRequest = acceptance?.missingRequest ?? false
  // The first field to correct takes the focus when the page comes back (no script: the browser does it).
  const first = acceptance?.errors.nombre ? 'nombre' : acceptance?.errors.direccion ? 'direccion' : null
  return (
    <div className="offer-decision">
      <form method="post" className="offer-decision__accept" id={FORM}>
        <input type="hidden" name="version" value={version} />
        <fieldset className="offer-decision__parties">
          <legend className="field__label">{texts.partes.titulo}</legend>
          <Field
            form={FORM}
            name="nombre"
            label={texts.partes.nombre}
            hint={texts.partes.nombreAyuda}
            error={acceptance?.errors.nombre}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="name"
                defaultValue={acceptance?.values.nombre}
                autoFocus={first === 'nombre'}
              />
            )}
          </Field>
          <Field
            form={FORM}
            name="direccion"
            label={texts.partes.direccion}
            hint={texts.partes.direccionAyuda}
            error={acceptance?.errors.direccion}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="street-address"
                defaultValue={acceptance?.values.direccion}
                autoFocus={first === 'direccion'}
              />
            )}
          </Field>
        </fieldset>
        <div className="offer-decision__request">
          <label className="choice choice--block">
            <input
              type="checkbox"
              name="solicitud_expresa"
              value="si"
              aria-invalid={missingRequest || undefined}
              aria-describedby={missingRequest ? 'solicitud-expresa-error' : undefined}
              // Sent without it, the page opens on the box and its message (no script: the browser focuses it).
              autoFocus={missingRequest && first === null}
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
