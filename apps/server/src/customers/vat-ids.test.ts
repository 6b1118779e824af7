import { describe, expect, it } from 'vitest';
import { euCountries, parseVatId, viesOverHttp } from './vat-ids';

describe('VAT ids, checked for the country they claim', () => {
  // Real-format ids (valid checksums) of the 13 storefront countries, Greece, Switzerland, Poland and
  // Finland, as customers type them, with the stored form and the country each belongs to.
  it.each([
    ['BE', 'BE 0403.019.261', 'BE0403019261'],
    ['DE', 'DE 136 695 976', 'DE136695976'],
    ['NL', 'nl 0044.95445.B01', 'NL004495445B01'],
    ['GB', 'GB 980 7806 84', 'GB980780684'],
    ['NO', 'NO923609016MVA', 'NO923609016MVA'],
    ['NO', 'NO 923 609 016 MVA', 'NO923609016MVA'],
    ['FR', 'FR 40 303 265 045', 'FR40303265045'],
    ['SE', 'SE 5561 8884 0401', 'SE556188840401'],
    ['AT', 'ATU 135 856 27', 'ATU13585627'],
    ['IE', 'IE 6433435F', 'IE6433435F'],
    ['IT', 'IT 00743110157', 'IT00743110157'],
    ['DK', 'DK 13 58 56 28', 'DK13585628'],
    ['ES', 'ES B-58378431', 'ESB58378431'],
    ['PT', 'PT 501 964 843', 'PT501964843'],
    ['GR', 'EL 094259216', 'EL094259216'],
    ['GR', 'GR094259216', 'EL094259216'],
    ['CH', 'CHE-107.787.577 MWST', 'CHE107787577MWST'],
    ['PL', 'PL 856-734-62-15', 'PL8567346215'],
    ['FI', 'FI 2077 4740', 'FI20774740'],
  ])('accepts a %s id written %j, stored as %s', (country, typed, stored) => {
    expect(parseVatId(typed)).toEqual({ country, normalized: stored });
  });

  it.each([
    // One digit off: each country's own checksum refuses it.
    'BE0403019262',
    'DE136695978',
    'NL004495446B01',
    'GB980780685',
    'NO923609017MVA',
    'FR41303265045',
    'SE556188840402',
    'ATU13585626',
    'IT00743110158',
    'DK13585627',
    'PT501964842',
    'EL094259217',
    'CHE107787578MWST',
    // A Norwegian id without its MVA suffix is an organisation number, not a VAT id.
    'NO923609016',
    // An Australian ABN, bare or with its country code: no VAT id at all.
    '51 824 753 556',
    'AU51824753556',
    // A valid Dutch number under another country's prefix.
    'BE004495445B01',
    '',
  ])('refuses %j', (typed) => {
    expect(parseVatId(typed)).toBeUndefined();
  });

  it('tells EU VAT ids from Swiss, Norwegian and British ones', () => {
    const countries = [
      'NL004495445B01',
      'EL094259216',
      'CHE107787577MWST',
      'NO923609016MVA',
      'GB980780684',
    ].map((id) => parseVatId(id)!.country);
    expect(countries.map((country) => euCountries.has(country))).toEqual([true, true, false, false, false]);
  });
});

describe('the VIES client', () => {
  const answering = (status: number, body: unknown) => {
    const urls: string[] = [];
    const fetchFn = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status });
    }) as unknown as typeof fetch;
    return { urls, vies: viesOverHttp('https://vies.example/rest-api/', fetchFn) };
  };
  const greek = parseVatId('GR094259216')!;

  it('asks for the id under its VAT prefix and reads the register’s answer', async () => {
    const valid = answering(200, { isValid: true, userError: 'VALID' });
    expect(await valid.vies.check(greek)).toBe('valid');
    expect(valid.urls).toEqual(['https://vies.example/rest-api/ms/EL/vat/094259216']);
    expect(await answering(200, { isValid: false, userError: 'INVALID' }).vies.check(greek)).toBe('invalid');
  });

  it('reads a member state that does not answer, or a failing service, as unavailable, never invalid', async () => {
    expect(await answering(200, { isValid: false, userError: 'MS_UNAVAILABLE' }).vies.check(greek)).toBe(
      'unavailable',
    );
    expect(await answering(503, {}).vies.check(greek)).toBe('unavailable');
    const offline = viesOverHttp('https://vies.example', async () => {
      throw new TypeError('fetch failed');
    });
    expect(await offline.check(greek)).toBe('unavailable');
  });
});
