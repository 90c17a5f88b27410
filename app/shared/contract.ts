/**
 * The contract a customer concludes when he accepts a price on his tracking page, as both Workers state it:
 * the site on its pages (/desistimiento, /aviso-legal, the terms on the tracking page), the function in its
 * e-mails. Every text that gives one of these figures is generated from them (docs/decisions/118).
 */

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
