/**
 * The inbox an e-mail address reaches, for counting (docs/decisions/125): the caps on what the shop e-mails
 * count one inbox, never one spelling, so `Victim+1@Gmail.com`, `v.i.c.t.i.m@googlemail.com` and
 * `victim@gmail.com` share one allowance. E-mails still go to the address as typed: this is only a key.
 *   - the domain in lower case and in its ASCII form (an IDN's punycode), without a trailing dot;
 *   - an unquoted local part in lower case, without its `+tag`;
 *   - for gmail.com and googlemail.com (one service, one domain), without its dots too;
 *   - a quoted local part ("a b"@…) left exactly as written: it has no tags, and its case may matter.
 * Counting more spellings as one inbox only ever counts more, never less: a cap can only get stricter.
 */

/** The domains of one service whose local parts ignore dots, and the one name they are counted under. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' }

/** A domain in lower case and ASCII (punycode), or as written in lower case when it is no hostname at all. */
function asciiDomain(domain: string): string {
  const lower = domain.trim().toLowerCase().replace(/\.+$/, '')
  // What a URL would read as a port, a path or a user: no hostname, kept as written.
  if (/[\s/\\?#:@%[\]]/.test(lower)) return lower
  try {
    const { hostname } = new URL(`http://${lower}/`)
    return hostname || lower
  } catch {
    return lower
  }
}

/** The inbox `address` reaches, as the caps count it (see above). Never throws; a value without '@' is its own key. */
export function inboxOf(address: string): string {
  const text = address.trim().normalize('NFC')
  const at = text.lastIndexOf('@')
  if (at <= 0 || at === text.length - 1) return text.toLowerCase()
  const domain = asciiDomain(text.slice(at + 1))
  const local = text.slice(0, at)
  if (local.length >= 2 && local.startsWith('"') && local.endsWith('"')) return `${local}@${domain}`
  const plus = local.indexOf('+')
  let key = (plus > 0 ? local.slice(0, plus) : local).toLowerCase()
  const dotless = DOTLESS_DOMAINS[domain]
  if (dotless) {
    key = key.replace(/\./g, '') || key
    return `${key}@${dotless}`
  }
  return `${key}@${domain}`
}
