/**
 * Reads a posted form the way a hostile client cannot abuse: at most
 * `maxBytes` of the body, only the named fields, each as a string cut to its
 * own cap. Field names outside the list (indices, paths, conform's reserved
 * `__intent__`, thousands of segments), file parts and other content types are
 * never seen by the parser that follows, so nothing the client invents is
 * echoed back or allocated on its behalf.
 */

/** What is read of one posted form. */
export interface BoundedForm<Name extends string> {
  /** The named fields that arrived as text, each cut to its cap; the first of repeated names wins. */
  fields: Partial<Record<Name, string>>
  /** False when the body was larger than `maxBytes`: what was read is its beginning only. */
  complete: boolean
}

/** Bytes of a body read and thrown away after the cap, so a keep-alive connection stays usable; past this it is cancelled. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024

/** Reads at most `maxBytes` of a body; the rest is drained (up to a bound) and dropped. */
export async function readBoundedBody(
  request: Request,
  maxBytes: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; complete: boolean }> {
  if (!request.body) return { bytes: new Uint8Array(), complete: true }
  const chunks: Uint8Array[] = []
  let size = 0
  let seen = 0
  let complete = true
  const reader = request.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      seen += value.byteLength
      if (complete && size + value.byteLength <= maxBytes) {
        chunks.push(value)
        size += value.byteLength
        continue
      }
      if (complete) {
        chunks.push(value.subarray(0, maxBytes - size))
        size = maxBytes
        complete = false
      }
      if (seen > DRAIN_MAX_BYTES) {
        await reader.cancel()
        break
      }
    }
  } catch {
    // The client went away or sent a broken body: what arrived is all there is.
    complete = false
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { bytes, complete }
}

/** Cuts a string to `max` characters (code points, so no half emoji). */
export function cap(value: string, max: number): string {
  if (value.length <= max) return value
  return Array.from(value).slice(0, max).join('')
}

/**
 * The form's own fields of a POST body: urlencoded (what browsers send, with
 * or without JavaScript) or multipart. Any other content type reads as an
 * empty form, so validation answers it with its messages.
 */
export async function readBoundedForm<Name extends string>(
  request: Request,
  caps: Readonly<Record<Name, number>>,
  maxBytes: number,
): Promise<BoundedForm<Name>> {
  const { bytes, complete } = await readBoundedBody(request, maxBytes)
  const contentType = request.headers.get('content-type') ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase()
  let read: (name: string) => unknown = () => null

  if (mediaType === 'application/x-www-form-urlencoded') {
    // A cut body still yields its complete fields; the last one may be cut, and its cap applies anyway.
    const params = new URLSearchParams(new TextDecoder().decode(bytes))
    read = (name) => params.get(name)
  } else if (mediaType === 'multipart/form-data' && complete) {
    const form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData().catch(() => null)
    if (form) read = (name) => form.get(name)
  }

  const fields: Partial<Record<Name, string>> = {}
  for (const name of Object.keys(caps) as Name[]) {
    const value = read(name)
    if (typeof value === 'string') fields[name] = cap(value, caps[name])
  }
  return { fields, complete }
}
