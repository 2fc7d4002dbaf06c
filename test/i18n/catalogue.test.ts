/** Every language has every key, with the same placeholders; namespaces never share a key. */
import { describe, expect, it } from 'vitest';
import { NAMESPACES as DE_NAMESPACES } from '../../src/i18n/de/index.js';
import { NAMESPACES as EN_NAMESPACES } from '../../src/i18n/en/index.js';
import { fill, placeholdersOf } from '../../src/i18n/format.js';
import { CATALOGUES, LANGS, langOf, plural, t } from '../../src/i18n/index.js';

const english = CATALOGUES.en;

describe('the catalogues', () => {
  it.each(LANGS.filter((lang) => lang !== 'en'))('%s has every English key, and no other', (lang) => {
    const catalogue = CATALOGUES[lang] as Record<string, string>;
    const missing = Object.keys(english).filter((key) => !Object.hasOwn(catalogue, key));
    const extra = Object.keys(catalogue).filter((key) => !Object.hasOwn(english, key));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it.each(LANGS)('%s fills the same placeholders as English, and no text is empty', (lang) => {
    const catalogue = CATALOGUES[lang] as Record<string, string>;
    const differ = Object.entries(english)
      .filter(([key, text]) => placeholdersOf(text).join() !== placeholdersOf(catalogue[key] ?? '').join())
      .map(([key]) => key);
    expect(differ).toEqual([]);
    expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('no key is defined in two namespaces (a spread would silently keep only the last)', () => {
    for (const namespaces of [EN_NAMESPACES, DE_NAMESPACES]) {
      const seen = new Map<string, string>();
      for (const [name, texts] of Object.entries(namespaces))
        for (const key of Object.keys(texts)) {
          expect(seen.get(key), `${key} in ${name}`).toBeUndefined();
          seen.set(key, name);
        }
    }
  });

  it('every one/other pair is complete', () => {
    const keys = Object.keys(english);
    for (const key of keys.filter((k) => k.endsWith('_one')))
      expect(keys).toContain(key.replace(/_one$/, '_other'));
    for (const key of keys.filter((k) => k.endsWith('_other')))
      expect(keys).toContain(key.replace(/_other$/, '_one'));
  });
});

describe('looking up a text', () => {
  it('fills placeholders in the asked language', () => {
    expect(t('en', 'combo.pair', { rank: 'K' })).toBe('pair K');
    expect(t('de', 'combo.pair', { rank: 'K' })).toBe('Paar K');
    expect(t('de', 'card.dragon')).toBe('Drache');
  });

  it('fills every placeholder, the same one twice, and leaves an unknown one visible', () => {
    expect(fill('{a} took {b} from {a}', { a: 'Ann', b: 3 })).toBe('Ann took 3 from Ann');
    expect(fill('{a} and {missing}', { a: 1 })).toBe('1 and {missing}');
    expect(fill('no placeholder', { a: 1 })).toBe('no placeholder');
    expect(fill('{a}', undefined)).toBe('{a}');
    expect(fill('{a}', { a: 'twice' })).toBe('twice');
  });

  it('reads Discord locales, English when unsure', () => {
    expect(langOf('de')).toBe('de');
    expect(langOf('en-US')).toBe('en');
    expect(langOf('fr')).toBe('en');
    expect(langOf(null)).toBe('en');
  });

  it('picks the one or other form', () => {
    const pairs = Object.keys(english).filter((k) => k.endsWith('_one'));
    for (const key of pairs.map((k) => k.replace(/_one$/, '')) as Parameters<typeof plural>[1][]) {
      for (const lang of LANGS) {
        expect(plural(lang, key, 1)).toBe(
          CATALOGUES[lang][`${key}_one` as keyof typeof english].replace('{count}', '1'),
        );
        expect(plural(lang, key, 3)).toBe(
          CATALOGUES[lang][`${key}_other` as keyof typeof english].replace('{count}', '3'),
        );
      }
    }
  });
});
