/**
 * The contract a customer concludes when he accepts a price on his tracking page (docs/decisions/106):
 * the figures the law sets and every text about them is written from, for both Workers and the pages.
 */

/** Days he may withdraw from the contract after accepting, while the repair is not finished (TRLGDCU art. 102). */
export const WITHDRAWAL_DAYS = 14

/** The repair's guarantee, from the device's delivery (RD 58/1988 art. 6): same fault, not handled by others. */
export const REPAIR_GUARANTEE_MONTHS = 3
