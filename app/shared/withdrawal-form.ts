/**
 * The model withdrawal form of TRLGDCU Anexo B, in the law's words adapted to this contract (one customer,
 * a repair: a service) and addressed to the site's holder. One text for both Workers: the site shows it on
 * /desistimiento (printable, and as an e-mail to write), the function can send it with the confirmation of
 * an accepted quote, with the fields it knows filled in (docs/decisions/118).
 */

/** Whom the form is addressed to: the holder's legal name and address and the shop's e-mail (settings). */
export interface WithdrawalAddressee {
  name: string
  address: string
  email: string
}

/** What the sender may already know of his contract: the device, the reference, when he accepted the quote. */
export interface WithdrawalFilled {
  service?: string
  reference?: string
  acceptedOn?: string
}

/** One line of the form to fill in: the law's label and, when known, its value. */
export interface WithdrawalField {
  label: string
  value: string
}

export interface WithdrawalForm {
  title: string
  /** The law's note under the title. */
  note: string
  /** 'A la atención de:' and the holder's name, address and e-mail, one per line as on a letter. */
  addressee: { intro: string; lines: string[] }
  statement: string
  fields: WithdrawalField[]
}

/** Anexo B's lines for a service, in the first person singular; the signature only on paper, as the law says. */
export function withdrawalForm(to: WithdrawalAddressee, filled: WithdrawalFilled = {}): WithdrawalForm {
  return {
    title: 'Modelo de formulario de desistimiento',
    note: '(Solo debe cumplimentar y enviar el presente formulario si desea desistir del contrato)',
    addressee: { intro: 'A la atención de:', lines: [to.name, to.address, `Correo electrónico: ${to.email}`] },
    statement: 'Por la presente le comunico que desisto de mi contrato de prestación del siguiente servicio:',
    fields: [
      { label: 'Servicio: reparación de (aparato y modelo)', value: filled.service ?? '' },
      { label: 'Referencia de la solicitud (como P-7K3Q)', value: filled.reference ?? '' },
      { label: 'Contratado el (fecha en que acepté el presupuesto)', value: filled.acceptedOn ?? '' },
      { label: 'Nombre del consumidor y usuario', value: '' },
      { label: 'Domicilio del consumidor y usuario', value: '' },
      {
        label: 'Firma del consumidor y usuario (solo si el presente formulario se presenta en papel)',
        value: '',
      },
      { label: 'Fecha', value: '' },
    ],
  }
}

/** The form as plain text: an e-mail's body (the site's "write it as an e-mail" link, the function's e-mails). */
export function withdrawalFormText(form: WithdrawalForm): string {
  return [
    form.title,
    form.note,
    '',
    form.addressee.intro,
    ...form.addressee.lines,
    '',
    form.statement,
    ...form.fields.map((field) => `- ${field.label}: ${field.value}`.trimEnd()),
  ].join('\n')
}
