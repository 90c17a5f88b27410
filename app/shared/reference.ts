/**
 * A quote's reference, as the function draws it and people read it out:
 * P- and four characters of an alphabet without look-alikes (no 0/O,
 * 1/I/L, U/V) (docs/decisions/007-durable-delivery.md). One home for the
 * site's lookup and the function.
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ'

/** Exactly a reference the function can have drawn. */
export const REFERENCE = new RegExp(`^P-[${REFERENCE_ALPHABET}]{4}$`)
