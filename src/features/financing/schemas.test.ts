import { describe, expect, it } from 'vitest';
import { documentLines, loanApplicationSchema, parseDocumentLines, pickText } from './schemas';

describe('financing schemas', () => {
  it('picks the reader’s language and falls back to English', () => {
    expect(pickText({ en: 'Input loan', fr: 'Crédit intrants' }, 'fr')).toBe('Crédit intrants');
    expect(pickText({ en: 'Input loan', fr: 'Crédit intrants' }, 'sw')).toBe('Input loan');
    expect(pickText({ en: 'Input loan', sw: '  ' }, 'sw')).toBe('Input loan');
  });

  it('reads the desk’s document lines and writes them back the same', () => {
    const text = 'national_id | National ID | Kitambulisho | Carte d’identité\nquotation | Quotation | |';
    const documents = parseDocumentLines(text);
    expect(documents).toEqual([
      { key: 'national_id', label: { en: 'National ID', sw: 'Kitambulisho', fr: 'Carte d’identité' } },
      { key: 'quotation', label: { en: 'Quotation' } },
    ]);
    expect(parseDocumentLines(documentLines(documents!))).toEqual(documents);
  });

  it('refuses document lines without a key or English label, with a bad or repeated key, or none at all', () => {
    expect(parseDocumentLines('National ID')).toBeUndefined();
    expect(parseDocumentLines('Bad Key | National ID')).toBeUndefined();
    expect(parseDocumentLines('id | A\nid | B')).toBeUndefined();
    expect(parseDocumentLines('  \n ')).toBeUndefined();
  });

  it('reads the amount in the form’s language and needs consent', () => {
    const base = { product_id: '3', purpose: 'inputs', plan: 'Seed', consent: 'on' };
    expect(loanApplicationSchema('fr').parse({ ...base, amount: '12 500,5' }).amount).toBe(12500.5);
    expect(loanApplicationSchema('en').parse({ ...base, amount: '12,500.5' }).amount).toBe(12500.5);
    expect(loanApplicationSchema('en').safeParse({ ...base, amount: '100', consent: '' }).success).toBe(false);
  });
});
