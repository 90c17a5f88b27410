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
      texto: `La reparación tiene una garantía de ${REPAIR_GUARANTEE_MONTHS} meses desde que te entregamos el aparato: cubre la misma avería que reparamos, siempre que nadie más haya abierto o manipulado el aparato después.`,
    },
    {
      titulo: 'Reclamaciones',
      texto: `Si algo no va bien, escríbenos a ${facts.email}, llámanos al ${facts.phone} o ven al taller (${facts.workshop}): te respondemos en un mes como máximo. En el taller tienes hojas de reclamaciones a tu disposición y, si nos las pides, te las hacemos llegar.`,
      enlace: { texto: 'Reclamaciones, en el aviso legal', href: COMPLAINTS_PATH },
    },
    {
      titulo: 'Derecho de desistimiento',
      texto: `Tienes ${WITHDRAWAL_DAYS} días naturales desde que aceptas el presupuesto para desistir del contrato sin dar motivos, mientras la reparación no esté terminada: con el botón «${WITHDRAW_BUTTON_LABEL}» de tu página de seguimiento, con el formulario de desistimiento o con cualquier declaración clara. Si nos pides que empecemos la reparación dentro de ese plazo y luego desistes, pagas en proporción lo que hayamos hecho hasta entonces; una vez terminada la reparación que pediste, ya no puedes desistir. Lo que nos hayas pagado te lo devolvemos en ${WITHDRAWAL_REFUND_DAYS} días como máximo, y el aparato vuelve a ti como acordemos.`,
      enlace: { texto: 'Derecho de desistimiento y formulario', href: WITHDRAWAL_PAGE_PATH },
    },
    {
      titulo: 'Cómo se contrata',
      texto: `El contrato se celebra en español cuando aceptas este presupuesto en tu página de seguimiento: marcas la casilla y pulsas el botón. Antes puedes corregir cualquier dato: escríbenos y te enviamos otro. Te confirmamos la aceptación por correo, con estas condiciones. El presupuesto y tu aceptación quedan guardados en nuestro sistema y en esta página mientras se conserve tu solicitud (${facts.retentionDays} días desde su último paso), y en tu correo.`,
    },
  ]
}
