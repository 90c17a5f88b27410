/**
 * Spanish tax ids (NIF of a person, NIE of a foreigner, CIF / NIF of a
 * company) checked by their control character, as the Agencia Tributaria
 * computes it. Pure: the SHOP_TAX_ID setting validates with it, and a test
 * holds it against known valid and invalid ids.
 */

export type TaxIdKind = 'NIF' | 'NIE' | 'CIF'

export type TaxIdCheck = { valid: true; kind: TaxIdKind; value: string } | { valid: false; reason: string }

/** The letter of a DNI / NIE number: its remainder modulo 23 indexes this string. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'
/** A CIF's control letter for each control digit 0-9. */
const CIF_LETTERS = 'JABCDEFGHI'
/** Company kinds whose control is always a letter / always a digit; the others accept either. */
const CIF_LETTER_ONLY = 'KPQRSNW'
const CIF_DIGIT_ONLY = 'ABEH'

/** The id as it is usually written: upper case, without spaces, dots or hyphens. */
export function normalizeTaxId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]/g, '')
}

function dniLetter(digits: string): string {
  return DNI_LETTERS[Number(digits) % 23] ?? ''
}

function cifControlDigit(digits: string): number {
  let sum = 0
  for (const [index, char] of [...digits].entries()) {
    const digit = Number(char)
    if (index % 2 === 1) sum += digit
    else {
      const doubled = digit * 2
      sum += Math.floor(doubled / 10) + (doubled % 10)
    }
  }
  return (10 - (sum % 10)) % 10
}

/** Whether `raw` is a valid NIF, NIE or CIF, and if not, why (in Spanish, for the settings' log line). */
export function checkTaxId(raw: string): TaxIdCheck {
  const value = normalizeTaxId(raw)
  let match = /^(\d{8})([A-Z])$/.exec(value)
  if (match) {
    const [, digits = '', letter] = match
    const expected = dniLetter(digits)
    return letter === expected
      ? { valid: true, kind: 'NIF', value }
      : { valid: false, reason: `la letra del NIF ${digits} debe ser ${expected}, no ${letter}` }
  }
  match = /^([XYZ])(\d{7})([A-Z])$/.exec(value)
  if (match) {
    const [, prefix = 'X', digits = '', letter] = match
    const expected = dniLetter(`${'XYZ'.indexOf(prefix)}${digits}`)
    return letter === expected
      ? { valid: true, kind: 'NIE', value }
      : { valid: false, reason: `la letra del NIE ${prefix}${digits} debe ser ${expected}, no ${letter}` }
  }
  match = /^([ABCDEFGHJKNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value)
  if (match) {
    const [, kind = 'A', digits = '', control = ''] = match
    const digit = cifControlDigit(digits)
    const letter = CIF_LETTERS[digit] ?? ''
    const allowed = CIF_LETTER_ONLY.includes(kind)
      ? [letter]
      : CIF_DIGIT_ONLY.includes(kind)
        ? [String(digit)]
        : [String(digit), letter]
    return allowed.includes(control)
      ? { valid: true, kind: 'CIF', value }
      : {
          valid: false,
          reason: `el carácter de control del CIF ${kind}${digits} debe ser ${allowed.join(' o ')}, no ${control}`,
        }
  }
  return {
    valid: false,
    reason:
      'no tiene la forma de un NIF (8 cifras y letra), un NIE (X, Y o Z, 7 cifras y letra) ni un CIF (letra, 7 cifras y control)',
  }
}
