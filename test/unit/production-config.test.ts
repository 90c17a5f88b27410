/**
 * Settings as code (docs/decisions/078): each wrangler.toml's
 * `[env.production]` holds every setting of its Worker's list that is not a
 * secret, and nothing else; the same bindings as the local config (wrangler
 * inherits none); and both declare the logs policy (docs/decisions/081).
 */
import { describe, expect, it } from 'vitest'

import { bindingDrift, PLACEHOLDER_ACCOUNT_ID } from '../../scripts/ops/preflight'
import { FUNCTION, ROOT, SITE, WORKERS, workerConfigs } from '../../scripts/ops/production'

describe('production settings live in each wrangler.toml', () => {
  for (const worker of WORKERS) {
    const { local, production } = workerConfigs(ROOT, worker)

    it(`${worker.config}: [env.production.vars] has every setting of the list but the secrets, and nothing else`, () => {
      const settings = Object.entries(worker.spec)
      expect(Object.keys(production.vars).sort()).toEqual(
        settings
          .filter(([, setting]) => !setting.secret)
          .map(([key]) => key)
          .sort(),
      )
      // A setting with a local value it keeps in production is written with that value (retention, backoff…).
      for (const [key, setting] of settings) {
        if (setting.secret || setting.ownOffLocal || setting.local === undefined) continue
        const value = String(production.vars[key])
        if (value !== '') expect(setting.schema.safeParse(value).success, key).toBe(true)
      }
    }, 30_000)

    it(`${worker.config}: the secrets of the list are marked so, and the "must be real" ones are empty until the operator writes them`, () => {
      for (const [key, setting] of Object.entries(worker.spec)) {
        if (setting.ownOffLocal && !setting.secret) expect(production.vars[key], key).toBe('')
      }
    }, 30_000)

    it(`${worker.config}: [env.production] repeats every binding of the local config`, () => {
      expect(bindingDrift(local, production)).toEqual([])
    }, 30_000)

    it(`${worker.config}: Workers Logs on, invocation logs (request URLs, tracking tokens) off, in production too`, () => {
      for (const config of [local, production]) {
        expect(config.observability).toMatchObject({ enabled: true, logs: { invocation_logs: false } })
      }
    }, 30_000)

    it(`${worker.config}: production answers on a Custom Domain only (no workers.dev, no Route)`, () => {
      expect(production.workers_dev).toBe(false)
      // The site: SITE_URL's host and the bare domain, which redirects to it; the function: its own.
      const domains = worker === SITE ? 2 : 1
      expect(production.routes).toEqual(Array.from({ length: domains }, () => ({ pattern: '', custom_domain: true })))
    }, 30_000)

    it(`${worker.config}: production is pinned to one account, a placeholder until the operator writes his`, () => {
      expect(production.account_id).toBe(PLACEHOLDER_ACCOUNT_ID)
      expect(local.account_id).toBeUndefined()
    }, 30_000)
  }

  it('the site reaches the function through a service binding to its SiteApi entrypoint, locally and in production', () => {
    const site = workerConfigs(ROOT, SITE)
    const fn = workerConfigs(ROOT, FUNCTION)
    expect(site.local.services).toEqual([{ binding: 'QUOTE_FUNCTION', service: fn.local.name, entrypoint: 'SiteApi' }])
    expect(site.production.services).toEqual([
      { binding: 'QUOTE_FUNCTION', service: fn.production.name, entrypoint: 'SiteApi' },
    ])
    expect(fn.production.name).toBe('enviar-telegram-production')
    // Production calls by the binding: no address to keep.
    expect(site.production.vars.QUOTE_FUNCTION_URL).toBe('')
  }, 30_000)

  it('QUOTE_FUNCTION_KEY is one secret the two Workers share', () => {
    const [site, fn] = WORKERS
    expect(site.spec.QUOTE_FUNCTION_KEY?.secret).toBe(true)
    expect(fn.spec.QUOTE_FUNCTION_KEY?.secret).toBe(true)
    expect(site.spec.QUOTE_FUNCTION_KEY?.local).toBe(fn.spec.QUOTE_FUNCTION_KEY?.local)
  })
})
