import { Fragment } from 'react'

import type { WithdrawalForm as Form } from '~shared/withdrawal-form'

import { Icon } from './icon'

interface WithdrawalFormProps {
  form: Form
  /** Above the sheet, on screen only: how to use it. */
  intro: string
  /** A mailto: link whose body is the form, addressed to the shop. */
  mail: { label: string; href: string }
  /** Settings the addressee still takes from this repository's examples (this machine only). */
  placeholders: readonly string[]
}

/**
 * The model withdrawal form (TRLGDCU Anexo B) as a sheet to print and fill in by hand: the law's lines with
 * room to write. Printed, the page gives this section alone on one sheet (withdrawal-form.css); on screen it
 * also offers to write it as an e-mail.
 */
export function WithdrawalForm({ form, intro, mail, placeholders }: WithdrawalFormProps) {
  return (
    <section id="formulario" className="legal-page__section withdrawal-form" aria-labelledby="formulario-titulo">
      <h2 id="formulario-titulo" className="legal-page__title withdrawal-form__title">
        {form.title}
      </h2>
      <div className="withdrawal-form__screen">
        <p>{intro}</p>
        <p className="actions">
          <a className="button button--primary" href={mail.href}>
            <Icon name="correo" size={20} />
            {mail.label}
          </a>
        </p>
      </div>
      <div className="legal-page__card withdrawal-form__sheet">
        <p className="withdrawal-form__note">{form.note}</p>
        <p className="withdrawal-form__addressee">
          {form.addressee.intro}
          {form.addressee.lines.map((line) => (
            <Fragment key={line}>
              {' '}
              <br />
              {line}
            </Fragment>
          ))}
        </p>
        {placeholders.length ? (
          <p>
            <strong className="legal-facts__placeholder">
              Valores de ejemplo: configura {placeholders.join(', ')} antes de publicar.
            </strong>
          </p>
        ) : null}
        <p>{form.statement}</p>
        <ul className="withdrawal-form__fields">
          {form.fields.map((field) => (
            <li key={field.label} className="withdrawal-form__field">
              <span>{field.label}:</span>
              <span className="withdrawal-form__line">{field.value}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
