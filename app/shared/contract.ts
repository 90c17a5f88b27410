/**
 * The contract a customer concludes when he accepts a price on his tracking page, as both Workers state it:
 * the site on its pages (/desistimiento, /aviso-legal, the terms on the tracking page), the function in its
 * e-mails: the figures the law sets and the fixed terms shown with every price (the holder, the guarantee,
 * complaints, the right of withdrawal, how the contract is concluded and kept). Every text that gives one of
 * these figures is generated from them (docs/decisions/106, 118). The model withdrawal form is
 * withdrawal-form.ts.
 */
import { paymentTerm } from './payment'

/** The right of withdrawal: 14 calendar days from the day the customer accepts the quote (TRLGDCU art. 104.a). */
export const WITHDRAWAL_DAYS = 14

/** Whatever the customer had paid is returned at the latest 14 days after he withdraws (TRLGDCU art. 107.1). */
export const WITHDRAWAL_REFUND_DAYS = 14

/** The repair's guarantee: 3 months from the delivery of the repaired device (RD 58/1988 art. 6). */
export const REPAIR_GUARANTEE_MONTHS = 3

/**
 * The minimal record of each contract (reference, amounts, the acceptance with its terms and express request, the
 * withdrawal, the payments) is kept, blocked, this many years after its last step (LOPDGDD art. 32; the limitation
 * of personal actions, Código Civil art. 1964.2), while the rest of a quote is erased after QUOTE_RETENTION_DAYS
 * (docs/decisions/135).
 */
export const CONTRACT_RECORD_YEARS = 5

/**
 * When the withdrawal period's last day is a Saturday, a Sunday or a public holiday, it ends at the end of the next
 * working day (Reglamento 1182/71 art. 3.4): the holidays of the Basque Country and of Vitoria-Gasteiz (Álava), where
 * the shop receives it (docs/decisions/134).
 */
export const WITHDRAWAL_ROLLS_OVER =
  'Si ese último día es sábado, domingo o festivo en Euskadi o en Vitoria-Gasteiz, el plazo acaba al final del siguiente día hábil.'

/** The page that explains the right of withdrawal and holds the model form (TRLGDCU Anexo B). */
export const WITHDRAWAL_PAGE_PATH = '/desistimiento'

/** Where /aviso-legal says how and where to complain (its section 'Reclamaciones'). */
export const COMPLAINTS_PATH = '/aviso-legal#reclamaciones'

/** The tracking page's button that starts a withdrawal while the right applies, as /desistimiento names it. */
export const WITHDRAW_BUTTON_LABEL = 'Desistir del contrato'

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
  /** Whether the tracking page offers 'Pagar' (the function has STRIPE_SECRET_KEY); null where it is not known. */
  onlinePayment: boolean | null
  /** The consumer arbitration board the holder adheres to (SHOP_CONSUMER_ARBITRATION); empty: none. */
  arbitration: string
}

/** The out-of-court ways of a complaint (TRLGDCU art. 97.1.t): consumer arbitration if the holder adheres, the consumer services. */
export function disputeBodies(arbitration: string): string {
  const board = arbitration.trim()
  return `${
    board
      ? `Estamos adheridos al Sistema Arbitral de Consumo (${board}): si no nos ponemos de acuerdo, puedes pedir que tu reclamación se resuelva por arbitraje de consumo.`
      : 'No estamos adheridos a ningún sistema de arbitraje de consumo.'
  } Si no quedas conforme con nuestra respuesta, puedes acudir a la oficina municipal de información al consumidor de tu localidad o a los servicios de consumo de tu comunidad autónoma (en Euskadi, Kontsumobide).`
}

/** One block of the terms: a title, its text, and a page of the site that says more. */
export interface TermsSection {
  titulo: string
  texto: string
  enlace?: { texto: string; href: string }
}

/** The fixed terms shown with every price and confirmed by e-mail on acceptance: who repairs, how and when one pays, the guarantee, complaints, withdrawal, how it is concluded. */
export function contractTerms(facts: TermsFacts): TermsSection[] {
  return [
    {
      titulo: 'Quién repara',
      texto: `${facts.holder.name}, con NIF ${facts.holder.taxId} y domicilio en ${facts.holder.address}.`,
    },
    { titulo: 'Pago', texto: paymentTerm(facts.onlinePayment) },
    {
      titulo: 'Garantía',
      texto: `La reparación tiene una garantía total de ${REPAIR_GUARANTEE_MONTHS} meses desde que te entregamos el aparato: si la misma avería vuelve, la reparamos otra vez sin coste para ti, con las piezas, la mano de obra y el envío de ida y vuelta incluidos, siempre que nadie más haya abierto o manipulado el aparato después.`,
    },
    {
      titulo: 'Reclamaciones',
      texto: `Si algo no va bien, escríbenos a ${facts.email}, llámanos al ${facts.phone} o ven al taller (${facts.workshop}): te respondemos en un mes como máximo. En el taller tienes hojas de reclamaciones a tu disposición y, si nos las pides, te las hacemos llegar. ${disputeBodies(facts.arbitration)}`,
      enlace: { texto: 'Reclamaciones, en el aviso legal', href: COMPLAINTS_PATH },
    },
    {
      titulo: 'Derecho de desistimiento',
      texto: `Tienes ${WITHDRAWAL_DAYS} días naturales desde el día siguiente a aquel en que aceptas el presupuesto para desistir del contrato sin dar motivos, mientras la reparación no esté terminada. ${WITHDRAWAL_ROLLS_OVER} Puedes hacerlo con el botón «${WITHDRAW_BUTTON_LABEL}» de tu página de seguimiento, con el formulario de desistimiento o con cualquier declaración clara por correo, por carta o en el taller. Si nos pides que empecemos la reparación dentro de ese plazo y luego desistes, pagas en proporción lo que hayamos hecho hasta entonces; una vez terminada la reparación que pediste, ya no puedes desistir. Lo que nos hayas pagado y no corresponda a lo hecho te lo devolvemos en ${WITHDRAWAL_REFUND_DAYS} días como máximo, por el mismo medio con el que pagaste y sin ningún gasto para ti por la devolución, y el aparato vuelve a ti como acordemos.`,
      enlace: { texto: 'Derecho de desistimiento y formulario', href: WITHDRAWAL_PAGE_PATH },
    },
    {
      titulo: 'Cómo se contrata',
      texto: `El contrato se celebra en español entre quien repara y tú cuando aceptas este presupuesto en tu página de seguimiento: escribes tu nombre y tu dirección, marcas la casilla y pulsas el botón. Antes puedes corregir cualquier dato: escríbenos y te enviamos otro. Te confirmamos la aceptación por correo, con estas condiciones, y no empezamos la reparación hasta que esa confirmación ha salido. El presupuesto y tu aceptación quedan guardados en nuestro sistema y en esta página mientras se conserve tu solicitud (${facts.retentionDays} días desde su último paso), y en tu correo; un registro mínimo del contrato (referencia, importes, fechas, versión de las condiciones, tu petición de empezar, el desistimiento y los pagos, sin tus datos de contacto) se guarda bloqueado ${CONTRACT_RECORD_YEARS} años, como prueba ante una reclamación.`,
    },
  ]
}
