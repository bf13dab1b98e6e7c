import { describe, expect, it } from 'vitest';
import { verificationDecisionMail } from '~/server/mail/templates';
import { createTranslator } from '~/i18n/t';
import { VERIFICATION_TYPES } from './constants';
import { verifiedText } from './verification-labels';

describe('what a verification says', () => {
  it('agrees with the thing verified: French gender, Swahili noun class', () => {
    const fr = createTranslator('fr');
    const sw = createTranslator('sw');
    expect(verifiedText(fr, 'identity')).toBe('Identité vérifiée par Mavuno');
    expect(verifiedText(fr, 'farm_visit')).toBe('Visite de l’exploitation vérifiée par Mavuno');
    expect(verifiedText(fr, 'phone')).toBe('Téléphone vérifié par Mavuno');
    expect(verifiedText(fr, 'warehouse', 'Coop Mbeya')).toBe('Entrepôt vérifié par Coop Mbeya');
    // u- class (utambulisho, usajili), n- class (simu, ziara), ji-/ma- class (ghala).
    expect(verifiedText(sw, 'identity')).toBe('Utambulisho umethibitishwa na Mavuno');
    expect(verifiedText(sw, 'company_registration')).toBe('Usajili wa kampuni umethibitishwa na Mavuno');
    expect(verifiedText(sw, 'phone')).toBe('Simu imethibitishwa na Mavuno');
    expect(verifiedText(sw, 'warehouse', 'Coop Mbeya')).toBe('Ghala limethibitishwa na Coop Mbeya');
    expect(verifiedText(createTranslator('en'), 'email')).toBe('E-mail verified by Mavuno');
  });

  it('has a whole sentence for every type in every language', () => {
    for (const locale of ['en', 'sw', 'fr'] as const) {
      const t = createTranslator(locale);
      const said = VERIFICATION_TYPES.map((type) => verifiedText(t, type, 'X'));
      expect(new Set(said).size).toBe(VERIFICATION_TYPES.length);
      for (const text of said) expect(text).not.toMatch(/\{\{|verification\./);
    }
  });

  it('tells an approved member in an agreeing sentence', () => {
    const mail = verificationDecisionMail('fr', 'a@example.org', 'Awa', {
      approved: true,
      type: 'identity',
      note: null,
      url: 'https://mavuno.example/fr/user/profile/verifications',
    });
    expect(mail.text).toContain('votre identité est désormais vérifiée sur votre profil');
    expect(mail.subject).toBe('Votre demande de vérification\u00a0: Identité');
  });
});
