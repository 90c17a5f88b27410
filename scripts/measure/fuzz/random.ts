// The fuzz's seeded randomness (FUZZ_SEED repeats a run: one sequence for every target, drawn in the
// targets' order) and the stack's secrets the requests use.

export const WEBHOOK_SECRET = 'secreto-del-webhook-del-fuzz'
export const CHAT_ID = -100123

export const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)
export const KEY = 'clave-del-fuzz'

// A small seeded PRNG (mulberry32), so a run can be repeated with FUZZ_SEED.
let state = SEED
export function random() {
  state = (state + 0x6d2b79f5) | 0
  let t = Math.imul(state ^ (state >>> 15), 1 | state)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
export const int = (max: number) => Math.floor(random() * max)
// An index below the length: one of the list's own items (which may be undefined or null).
export const pick = <T>(list: readonly T[]) => list[int(list.length)] as T
export const chance = (p: number) => random() < p

export const randomIp = () => `10.${int(250) + 1}.${int(250) + 1}.${int(250) + 1}`
