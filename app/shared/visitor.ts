/**
 * Who a visitor is, for the per-visitor rate limits of both Workers
 * (docs/decisions/091-limits-protect-customers.md): the address Cloudflare
 * gives a Worker in CF-Connecting-IP, an IPv4 address by itself and an IPv6
 * address by its /64 prefix (one home connection holds 2^64 addresses).
 */

/**
 * The header in which the site passes the visitor's address to the quote
 * function, under the shared key (the function's own CF-Connecting-IP is
 * then the site Worker's). A caller without it is keyed by its own address.
 */
export const VISITOR_HEADER = 'X-Visitor-IP'

/** The key of a request that carried no address (a local call without the header). */
export const NO_ADDRESS = 'sin-direccion'
/** The key of a value that is no address at all: they share one limit (Cloudflare always sends a real one). */
export const NOT_AN_ADDRESS = 'direccion-no-valida'

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

/** An IPv4 address in its one spelling ("010.1.1.1" is 10.1.1.1), or null. */
function ipv4(text: string): string | null {
  const parts = IPV4.exec(text)?.slice(1).map(Number)
  return parts && parts.every((part) => part <= 255) ? parts.join('.') : null
}

/** The groups of one side of '::' ("2001:db8", "ffff:1.2.3.4": an IPv4 tail is two groups), or null. */
function groupsOf(part: string): number[] | null {
  if (part === '') return []
  const groups: number[] = []
  const pieces = part.split(':')
  for (const [index, piece] of pieces.entries()) {
    const v4 = index === pieces.length - 1 ? ipv4(piece) : null
    if (v4) {
      const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number)
      groups.push((a << 8) | b, (c << 8) | d)
    } else if (/^[0-9a-f]{1,4}$/i.test(piece)) groups.push(parseInt(piece, 16))
    else return null
  }
  return groups
}

/** The eight 16-bit groups of an IPv6 address (with or without '::' and an IPv4 tail), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::')
  if (halves.length > 2) return null
  const [before = '', after] = halves
  const left = groupsOf(before)
  if (!left) return null
  if (after === undefined) return left.length === 8 ? left : null
  const right = groupsOf(after)
  // An IPv4 tail ends the address: never before '::'.
  if (!right || before.includes('.')) return null
  const missing = 8 - left.length - right.length
  return missing >= 1 ? [...left, ...Array<number>(missing).fill(0), ...right] : null
}

/**
 * The rate-limit key of a visitor's address, whatever its spelling: IPv4 by
 * address ("ipv4:203.0.113.9"), IPv6 by its /64 ("ipv6:2001:db8:0:1::/64"),
 * an IPv4-mapped IPv6 address as its IPv4. Brackets, a port and a zone are
 * dropped. No address, or a value that is none, gets a fixed key: never an
 * exception, never a key as long as what was sent.
 */
export function visitorKey(address: string | null | undefined): string {
  let text = (address ?? '').trim()
  if (text === '') return NO_ADDRESS
  if (text.length > 100) return NOT_AN_ADDRESS
  // "[2001:db8::1]:443" and "203.0.113.9:443": the port is not the visitor.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed?.[1]) text = bracketed[1]
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
  text = text.replace(/%.*$/, '')
  const v4 = ipv4(text)
  if (v4) return `ipv4:${v4}`
  const groups = ipv6Groups(text)
  if (!groups) return NOT_AN_ADDRESS
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return `ipv4:${[high >> 8, high & 255, low >> 8, low & 255].join('.')}`
  }
  return `ipv6:${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/**
 * Quotes one visitor may store in 24 hours (the quote function counts them in D1, docs/decisions/126):
 * generous for a person, who sends a few; past it he gets the rate limits' answer, his values kept.
 */
export const QUOTES_PER_VISITOR_DAY = 20
