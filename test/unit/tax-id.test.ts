import { afterEach, describe, expect, it, vi } from 'vitest'

import { getSettings } from '~/lib/env.server'
import { checkTaxId } from '~shared/tax-id'

describe('Spanish tax ids, checked by their control character', () => {
  it.each([
    ['12345678Z', 'NIF'],
    ['00000000T', 'NIF'],
    ['12.345.678-z', 'NIF'],
    ['K1234567L', 'NIF'],
    ['L9999999J', 'NIF'],
    ['m-0000000-t', 'NIF'],
    ['X1234567L', 'NIE'],
    ['Y1234567X', 'NIE'],
    ['Z1234567R', 'NIE'],
    ['B12345674', 'CIF'],
    ['Q2826000H', 'CIF'],
    ['G1234567D', 'CIF'],
    ['G12345674', 'CIF'],
  ])('%s is a valid %s', (id, kind) => {
    expect(checkTaxId(id)).toMatchObject({ valid: true, kind })
  })

  it.each([
    ['12345678A', 'la letra del NIF 12345678 debe ser Z, no A'],
    ['K1234567A', 'la letra del NIF K1234567 debe ser L, no A'],
    ['L9999999K', 'la letra del NIF L9999999 debe ser J, no K'],
    ['M0000000R', 'la letra del NIF M0000000 debe ser T, no R'],
    // K is a person's NIF, no longer a company's: the CIF's control letter does not make it valid.
    ['K1234567D', 'la letra del NIF K1234567 debe ser L, no D'],
    ['K12345674', 'no tiene la forma'],
    ['X1234567T', 'la letra del NIE X1234567 debe ser L, no T'],
    ['B12345675', 'el carácter de control del CIF B1234567 debe ser 4, no 5'],
    ['B1234567D', 'el carácter de control del CIF B1234567 debe ser 4, no D'],
    ['Q28260008', 'el carácter de control del CIF Q2826000 debe ser H, no 8'],
    ['1234567Z', 'no tiene la forma'],
    ['', 'no tiene la forma'],
    ['I1234567A', 'no tiene la forma'],
  ])('%s is refused: %s', (id, reason) => {
    const check = checkTaxId(id)
    expect(check.valid).toBe(false)
    expect(check.valid ? '' : check.reason).toContain(reason)
  })
})

describe('SHOP_TAX_ID', () => {
  afterEach(() => vi.restoreAllMocks())
  const request = () => new Request('http://localhost:8787/aviso-legal')

  it('takes a valid id, written as people write it', () => {
    expect(getSettings(request(), { SHOP_TAX_ID: ' b-12345674 ' } as unknown as Env).SHOP_TAX_ID).toBe('B12345674')
  })

  it('a wrong one is logged naming the setting and why, and the placeholder stays', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(getSettings(request(), { SHOP_TAX_ID: '12345678A' } as unknown as Env).SHOP_TAX_ID).toBe('00000000T')
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining(
        'SHOP_TAX_ID no válido (SHOP_TAX_ID no es válido: la letra del NIF 12345678 debe ser Z, no A)',
      ),
    )
  })
})
