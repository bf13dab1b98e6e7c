import { describe, expect, it } from 'vitest';
import { parseSmsCommand } from './parse-sms-command';

describe('parseSmsCommand', () => {
  it('reads the command word in each language, without case, accents or punctuation', () => {
    expect(parseSmsCommand('PRICE maize Nakuru')).toEqual({
      command: 'price',
      locale: 'en',
      args: ['maize', 'Nakuru'],
    });
    expect(parseSmsCommand('  bei,mahindi ')).toEqual({ command: 'price', locale: 'sw', args: ['mahindi'] });
    expect(parseSmsCommand('Prix MAÏS')).toMatchObject({ command: 'price', locale: 'fr', args: ['MAÏS'] });
    expect(parseSmsCommand('Arrêt.')).toMatchObject({ command: 'stop', locale: 'fr' });
    expect(parseSmsCommand('DÉMARRER')).toMatchObject({ command: 'start', locale: 'fr' });
    expect(parseSmsCommand('acha')).toMatchObject({ command: 'stop', locale: 'sw' });
    expect(parseSmsCommand('anza')).toMatchObject({ command: 'start', locale: 'sw' });
    expect(parseSmsCommand('Msaada')).toMatchObject({ command: 'help', locale: 'sw' });
    expect(parseSmsCommand('aide')).toMatchObject({ command: 'help', locale: 'fr' });
    expect(parseSmsCommand('Stop')).toMatchObject({ command: 'stop', locale: 'en' });
  });

  it('takes anything else for an unknown command with no language', () => {
    expect(parseSmsCommand('hello there')).toEqual({ command: 'unknown', locale: null, args: ['hello', 'there'] });
    expect(parseSmsCommand('')).toEqual({ command: 'unknown', locale: null, args: [] });
  });
});
