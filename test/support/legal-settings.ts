import { getSettings } from '~/lib/env.server'

/** The site's settings of a request to this machine, from the given environment (unit tests of the legal texts). */
export const settingsOf = (env: Record<string, string>) =>
  getSettings(new Request('http://localhost:8787/aviso-legal'), env as unknown as Env)

/** A holder whose every fact is the operator's own: nothing of it is marked as an example. */
export const REAL_HOLDER = {
  SHOP_LEGAL_NAME: 'Ana Pérez Ruiz',
  SHOP_TAX_ID: '12345678z',
  SHOP_LEGAL_ADDRESS: 'Calle Real 2, 01010 Vitoria-Gasteiz',
  SHOP_EMAIL: 'hola@taller.es',
  SHOP_PHONE: '612345678',
}

/** Every text of a page's data, as one string. */
export const allText = (data: unknown) => JSON.stringify(data)
