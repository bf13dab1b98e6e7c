import { describe, expect, it } from 'vitest';
import { checkDictionaries, frenchTypographyProblems } from '../../scripts/i18n-rules.mjs';

const NB = '\u00a0';
const NN = '\u202f';

/** A small, correct set of dictionaries and the source that uses them; each test spoils one thing. */
function fixture() {
  return {
    dictionaries: {
      en: { 'x.title': 'Title', 'x.count#one': '{{count}} lot', 'x.count#other': '{{count}} lots' },
      sw: { 'x.title': 'Kichwa', 'x.count#one': 'Shehena {{count}}', 'x.count#other': 'Shehena {{count}}' },
      fr: {
        'x.title': `Titre${NB}: ici`,
        'x.count#one': '{{count}} lot',
        'x.count#many': '{{count}} de lots',
        'x.count#other': '{{count}} lots',
      },
    } as Record<string, Record<string, string>>,
    source: "t('x.title'); t('x.count', { count });",
  };
}

describe('i18n:check', () => {
  it('passes a complete set of dictionaries', () => {
    expect(checkDictionaries(fixture()).problems).toEqual([]);
  });

  it('fails on a count without plural forms, whatever the language', () => {
    const input = fixture();
    input.dictionaries.en['x.found'] = 'Found {{count}} deals';
    input.dictionaries.sw['x.found'] = 'Mikataba {{count}}';
    input.dictionaries.fr['x.found'] = '{{count}} transactions';
    input.source += " t('x.found', { count });";
    const { problems } = checkDictionaries(input);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/en\.json: "x\.found" counts with \{\{count\}\} but has no plural forms/);
  });

  it('fails on a count written under another name', () => {
    const input = fixture();
    input.dictionaries.en['x.wait'] = 'Try again in {{seconds}} seconds.';
    input.dictionaries.sw['x.wait'] = 'Jaribu tena baada ya sekunde {{seconds}}.';
    input.dictionaries.fr['x.wait'] = 'Réessayez dans {{seconds}} secondes.';
    input.source += " 'x.wait'";
    expect(checkDictionaries(input).problems.join('\n')).toMatch(/"x\.wait" counts with \{\{seconds\}\}/);
  });

  it('fails on a plural form missing for a category of the language, or one the language does not have', () => {
    const input = fixture();
    delete input.dictionaries.fr['x.count#many'];
    input.dictionaries.sw['x.count#few'] = 'Shehena {{count}}';
    const { problems } = checkDictionaries(input);
    expect(problems).toContain('fr.json: missing plural form "x.count#many" (fr has the forms one, many, other)');
    expect(problems.join('\n')).toMatch(/sw\.json: "x\.count#few": "few" is not a plural category of sw/);
  });

  it('fails on a form that adds a placeholder, and lets a singular leave one out', () => {
    const input = fixture();
    input.dictionaries.en['x.count#one'] = 'one lot';
    expect(checkDictionaries(input).problems).toEqual([]);
    input.dictionaries.fr['x.count#one'] = '{{count}} lot de {{name}}';
    expect(checkDictionaries(input).problems).toEqual(['fr.json: placeholders of "x.count#one" differ from English']);
  });

  it('fails when the source names a plural form instead of the message', () => {
    const input = fixture();
    input.source += " t('x.count#one')";
    expect(checkDictionaries(input).problems).toEqual([
      'src/: the plural form "x.count#one" is named: write t(\'x.count\', { count })',
    ]);
  });

  it('fails on an unused message and a message missing in a language', () => {
    const input = fixture();
    input.source = "t('x.title')";
    delete input.dictionaries.sw['x.title'];
    expect(checkDictionaries(input).problems).toEqual([
      'sw.json: missing key "x.title"',
      'en.json: key "x.count" is not used in src/',
    ]);
  });

  it('fails on French punctuation after an ordinary space or none', () => {
    const input = fixture();
    input.dictionaries.fr['x.title'] = 'Livraison : demain';
    expect(checkDictionaries(input).problems).toEqual([
      'fr.json: "x.title": ":" after an ordinary space: write U+00A0 before it',
    ]);
  });
});

describe('French typography rule', () => {
  it('wants U+00A0 before a colon and U+202F before ; ! ? and inside « »', () => {
    expect(frenchTypographyProblems(`Livraison${NB}: demain${NN}; merci${NN}!`)).toEqual([]);
    expect(frenchTypographyProblems(`Vraiment${NN}?`)).toEqual([]);
    expect(frenchTypographyProblems(`«${NN}Maïs${NN}»`)).toEqual([]);
    expect(frenchTypographyProblems('Livraison : demain')).toHaveLength(1);
    expect(frenchTypographyProblems('Livraison: demain')).toEqual(['":" after no space: write U+00A0 before it']);
    expect(frenchTypographyProblems(`Vraiment${NB}?`)).toEqual([
      '"?" after the wrong no-break space: write U+202F before it',
    ]);
    expect(frenchTypographyProblems('Merci !')).toHaveLength(1);
    expect(frenchTypographyProblems('« Maïs »')).toEqual(['« » need a narrow no-break space (U+202F) inside']);
  });

  it('leaves addresses, times and placeholders alone', () => {
    expect(frenchTypographyProblems('Voir https://mavuno.example/aide?sujet=prix')).toEqual([]);
    expect(frenchTypographyProblems('Ouvert de 10:30 à 18:00')).toEqual([]);
    expect(frenchTypographyProblems('GET /api-v2/offer/history-shares?id=')).toEqual([]);
    expect(frenchTypographyProblems('{{from}}:{{to}}')).toEqual([]);
    expect(frenchTypographyProblems(`Quoi${NN}?!`)).toEqual([]);
  });
});
