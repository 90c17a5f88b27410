/**
 * The contract a customer concludes when he accepts a price on his tracking
 * page (docs/decisions/106): the figures the law sets, the fixed terms shown
 * with every price (the holder, the guarantee, complaints, the right of
 * withdrawal, how the contract is concluded and kept) and the model
 * withdrawal form (TRLGDCU Anexo B). One home for the tracking page, the
 * e-mails and the legal pages, written from the settings' facts.
 */

/** Days he may withdraw from the contract after accepting, while the repair is not finished (TRLGDCU art. 102). */
export const WITHDRAWAL_DAYS = 14

/** The repair's guarantee, from the device's delivery (RD 58/1988 art. 6): same fault, not handled by others. */
export const REPAIR_GUARANTEE_MONTHS = 3

/** The shop's facts the terms name. */
export interface TermsFacts {
  holder: { name: string; taxId: string; address: string }
  email: string
  /** "600 000 000". */
  phone: string
  /** Where the workshop is, on one line. */
  workshop: string
  /** Days a quote is kept after its last step (QUOTE_RETENTION_DAYS). */
  retentionDays: number
}

/** One block of the terms: a title, its text, and a page of the site that says more. */
export interface TermsSection {
  titulo: string
  texto: string
  enlace?: { texto: string; href: string }
}

/** Where the model withdrawal form is, on the site. */
export const WITHDRAWAL_FORM_PATH = '/desistimiento'
/** Where the complaints are explained, on the site. */
export const COMPLAINTS_PATH = '/aviso-legal#reclamaciones'

/** The fixed terms shown with every price and confirmed by e-mail on acceptance. */
export function contractTerms(facts: TermsFacts): TermsSection[] {
  return [
    {
      titulo: 'Quién repara',
      texto: `${facts.holder.name}, con NIF ${facts.holder.taxId} y domicilio en ${facts.holder.address}.`,
    },
    {
      titulo: 'Garantía',
      texto: `La reparación tiene una garantía de ${REPAIR_GUARANTEE_MONTHS} meses desde que te entregamos el aparato: cubre la misma avería que reparamos, siempre que nadie más haya abierto o manipulado el aparato después.`,
    },
    {
      titulo: 'Reclamaciones',
      texto: `Si algo no va bien, escríbenos a ${facts.email}, llámanos al ${facts.phone} o ven al taller (${facts.workshop}): te respondemos en un mes como máximo. En el taller tienes hojas de reclamaciones a tu disposición y, si nos las pides, te las hacemos llegar.`,
      enlace: { texto: 'Reclamaciones, en el aviso legal', href: COMPLAINTS_PATH },
    },
    {
      titulo: 'Derecho de desistimiento',
      texto: `Tienes ${WITHDRAWAL_DAYS} días desde que aceptas el presupuesto para desistir del contrato sin dar motivos, mientras la reparación no esté terminada: con el botón «Desistir del contrato» de tu página de seguimiento, con el formulario de desistimiento o con cualquier declaración clara. Si nos pides que empecemos la reparación dentro de ese plazo y luego desistes, pagas en proporción lo que hayamos hecho hasta entonces; una vez terminada la reparación que pediste, ya no puedes desistir. Lo que nos hayas pagado te lo devolvemos en ${WITHDRAWAL_DAYS} días, y el aparato vuelve a ti como acordemos.`,
      enlace: { texto: 'Formulario de desistimiento', href: WITHDRAWAL_FORM_PATH },
    },
    {
      titulo: 'Cómo se contrata',
      texto: `El contrato se celebra en español cuando aceptas este presupuesto en tu página de seguimiento: marcas la casilla y pulsas el botón. Antes puedes corregir cualquier dato: escríbenos y te enviamos otro. Te confirmamos la aceptación por correo, con estas condiciones. El presupuesto y tu aceptación quedan guardados en nuestro sistema y en esta página mientras se conserve tu solicitud (${facts.retentionDays} días desde su último paso), y en tu correo.`,
    },
  ]
}

/** What a customer may fill in the model withdrawal form for his contract, when it is known. */
export interface WithdrawalFormFor {
  reference?: string
  service?: string
  acceptedOn?: string
}

/**
 * The model withdrawal form of TRLGDCU Anexo B, addressed to the holder, as lines of text: the page of the
 * site prints it, the acceptance's e-mail carries it (filled with the contract it is for, when known).
 */
export function withdrawalFormLines(
  facts: Pick<TermsFacts, 'holder' | 'email'>,
  contract: WithdrawalFormFor = {},
): { titulo: string; aviso: string; lineas: string[] } {
  return {
    titulo: 'Modelo de formulario de desistimiento',
    aviso: 'Solo debe cumplimentar y enviar el presente formulario si desea desistir del contrato.',
    lineas: [
      `A la atención de ${facts.holder.name}, ${facts.holder.address}, correo electrónico ${facts.email}:`,
      `Por la presente le comunico que desisto de mi contrato de prestación del siguiente servicio: ${contract.service ?? 'reparación'}${contract.reference ? `, solicitud ${contract.reference}` : ''}.`,
      `Aceptado el: ${contract.acceptedOn ?? ''}`,
      'Nombre del consumidor y usuario:',
      'Domicilio del consumidor y usuario:',
      'Firma del consumidor y usuario (solo si el presente formulario se presenta en papel):',
      'Fecha:',
    ],
  }
}
