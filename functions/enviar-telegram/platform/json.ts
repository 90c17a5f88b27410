import { readBoundedBody } from '~shared/form-body'

/** A JSON answer of the function: never cached. */
export const json = (body: unknown, status = 200, headers: HeadersInit = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })

/**
 * Reads a JSON body of at most `maxBytes`: the parsed value, or the answer
 * to give (413 past the limit, unread; 400 when it is not JSON).
 */
export async function readJson(request: Request, maxBytes: number): Promise<{ body: unknown } | { refused: Response }> {
  const raw = await readBoundedBody(request, maxBytes)
  if (!raw.complete) return { refused: json({ success: false, error: 'Cuerpo demasiado grande' }, 413) }
  try {
    return { body: JSON.parse(new TextDecoder().decode(raw.bytes)) as unknown }
  } catch {
    return { refused: json({ success: false, error: 'JSON no válido' }, 400) }
  }
}
