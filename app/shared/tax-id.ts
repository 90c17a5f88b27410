/**
 * Spanish tax ids (NIF of a person, NIE of a foreigner, CIF / NIF of a
 * company) checked by their control character, as the Agencia Tributaria
 * computes it. A person's NIF is a DNI number and its letter, or K, L or M
 * (Spaniards under 14, Spaniards abroad without a DNI, foreigners without a
 * NIE), seven digits and the letter a DNI of those digits would have. Pure:
 * the SHOP_TAX_ID setting validates with it, and a test holds it against
 * known valid and invalid ids.
 */

export type TaxIdKind = 'NIF' | 'NIE' | 'CIF'

export type TaxIdCheck = { valid: true; kind: TaxIdKind; value: string } | { valid: false; reason: string }

/** The letter of a DNI / NIE number: its remainder modulo 23 indexes this string. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'
/** A CIF's control letter for each control digit 0-9. */
const CIF_LETTERS = 'JABCDEFGHI'
/** Company kinds whose control is always a letter / always a digit; the others accept either. */
const CIF_LETTER_ONLY = 'PQRSNW'
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

/** A DNI-style control letter: `number` gives the letter, `shown` is how the reason names the id. */
function letterCheck(kind: 'NIF' | 'NIE', value: string, shown: string, number: string, letter: string): TaxIdCheck {
  const expected = dniLetter(number)
  return letter === expected
    ? { valid: true, kind, value }
    : { valid: false, reason: `la letra del ${kind} ${shown} debe ser ${expected}, no ${letter}` }
}

function cifCheck(value: string, kind: string, digits: string, control: string): TaxIdCheck {
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

/** Whether `raw` is a valid NIF, NIE or CIF, and if not, why (in Spanish, for the settings' log line and /aviso-legal). */
export function checkTaxId(raw: string): TaxIdCheck {
  const value = normalizeTaxId(raw)
  const dni = /^(\d{8})([A-Z])$/.exec(value)
  if (dni) return letterCheck('NIF', value, dni[1] ?? '', dni[1] ?? '', dni[2] ?? '')
  const person = /^([KLM])(\d{7})([A-Z])$/.exec(value)
  if (person) {
    const [, prefix = '', digits = '', letter = ''] = person
    return letterCheck('NIF', value, `${prefix}${digits}`, digits, letter)
  }
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(value)
  if (nie) {
    const [, prefix = 'X', digits = '', letter = ''] = nie
    return letterCheck('NIE', value, `${prefix}${digits}`, `${'XYZ'.indexOf(prefix)}${digits}`, letter)
  }
  const cif = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value)
  if (cif) return cifCheck(value, cif[1] ?? '', cif[2] ?? '', cif[3] ?? '')
  return {
    valid: false,
    reason:
      'no tiene la forma de un NIF (8 cifras y letra, o K, L o M, 7 cifras y letra), un NIE (X, Y o Z, 7 cifras y letra) ni un CIF (letra, 7 cifras y control)',
  }
}
