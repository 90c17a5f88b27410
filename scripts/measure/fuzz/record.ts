// What every target's requests go through: sent (or written raw), recorded under the target's name,
// and the answers counted: statuses, 5xx, the largest answer.

/** An answer's status, or what happened instead ('no answer', 'network error (...)', ...). */
export type Status = number | string
const histogram = (map: Map<Status, number>, key: Status) => map.set(key, (map.get(key) ?? 0) + 1)
/** Each target's statuses, by its name (index.ts's TARGETS names the targets). */
export const results = new Map<string, Map<Status, number>>()
/** Each target's largest answer; index.ts holds the largest of the targets that echo the site's pages. */
export const largestOf = new Map<string, { size: number; what: string }>()
export const failures: string[] = []

/**
 * workerd's HTTP parser answers a method it does not know (FOO, TRACK) with 501 'ERROR: Unrecognized
 * request method.' before any Worker code runs: RFC 9110's answer, counted apart from the Workers' own.
 */
export const RUNTIME_501 = 'ERROR: Unrecognized request method.'

/** Why a request got no answer: its cause's code (ECONNRESET, ...) or the error's name (TimeoutError, ...). */
export function failureName(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const { cause } = error
  return String((cause instanceof Object && 'code' in cause ? cause.code : undefined) ?? error.name)
}

export async function record(
  target: string,
  label: string,
  send: () => Promise<Response | string>,
  { cut = false } = {},
): Promise<void> {
  let status: Status
  let size = 0
  /** The start of a 5xx answer's body, to tell our Workers' answers from the runtime's or the local proxy's. */
  let said = ''
  try {
    const response = await send()
    if (typeof response === 'string') {
      status =
        Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0) || (cut ? 'cut by the client, no answer' : 'no answer')
      if (status === 501 && response.endsWith(RUNTIME_501)) status = '501 from the runtime (unknown method)'
      size = response.length
      said = response.split('\r\n\r\n').slice(1).join('').slice(0, 160)
    } else {
      const body = await response.text()
      status =
        response.status === 501 && body === RUNTIME_501 ? '501 from the runtime (unknown method)' : response.status
      size = Buffer.byteLength(body)
      said = body.slice(0, 160)
    }
  } catch (error) {
    status = `network error (${failureName(error)})`
  }
  const statuses = results.get(target) ?? new Map<Status, number>()
  results.set(target, histogram(statuses, status))
  if (process.env.FUZZ_VERBOSE && (typeof status !== 'number' || status === 204)) console.log(`${status}: ${label}`)
  if ((typeof status === 'number' && status >= 500) || status === 'no answer')
    failures.push(`${target} ${status}: ${label} → ${JSON.stringify(said.replace(/\s+/g, ' '))}`)
  if (size > (largestOf.get(target)?.size ?? 0)) largestOf.set(target, { size, what: label })
}

/**
 * One request through fetch, recorded under its target: never following a redirect (the Worker's own answer
 * is what counts), given up after `timeoutMs`.
 */
export function send(
  target: string,
  label: string,
  url: string,
  { timeoutMs = 15_000, ...init }: RequestInit & { timeoutMs?: number } = {},
): Promise<void> {
  return record(target, label, () =>
    fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), ...init }),
  )
}

/** Where the requests go: the addresses of the stack this run starts. */
export interface Endpoints {
  /** The site's origin. */
  site: string
  /** The function's quote endpoint. */
  quote: string
  /** The function's origin (its other endpoints and the owner's webhook). */
  functionOrigin: string
}

export interface FuzzTarget {
  /** What its statuses are recorded under. */
  name: string
  /** Its table's title in the output. */
  title: string
  /** The setting that says how many requests, and how many without it. */
  setting: `FUZZ_${string}`
  requests: number
  /** Its answers are the site's pages: the largest is held to the quote page filled to every cap. */
  echoes: boolean
  /** Sends one random or hostile request and records its answer. */
  send: (at: Endpoints) => Promise<void>
}
