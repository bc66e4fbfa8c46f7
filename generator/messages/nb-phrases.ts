/** The phrases the Norwegian bokmål messages (nb.ts) are made of: type names, formats, a found value, YAML troubles. */
import type { Found, Text, YamlTrouble } from './values.ts';

const TYPE_NAMES: Record<string, string> = {
  string: 'tekst',
  number: 'et tall',
  boolean: 'true eller false',
  array: 'en liste (linjer som begynner med «- »)',
  object: 'en blokk med felt',
  date: 'en dato',
};

export const typeName = (expected: string) => TYPE_NAMES[expected] ?? expected;

export function formatName(format: string): string {
  if (format === 'date') return 'en dato som 2025-12-01';
  if (format === 'datetime') return 'en dato og et klokkeslett som 2025-12-01T20:00:00+01:00';
  if (format === 'url') return 'en hel nettadresse som begynner med https://';
  if (format === 'email') return 'en e-postadresse';
  return `tekst i formatet ${format}`;
}

export function formatHint(format: string, turned: string | undefined): string {
  if (turned !== undefined)
    return `Skriv den som ${turned}: år, måned, dag${turned.includes(':') ? ', og så klokkeslettet' : ''}.`;
  if (format === 'date') return 'Skriv datoer som ÅÅÅÅ-MM-DD: år, måned (01-12), dag.';
  if (format === 'datetime')
    return 'Skriv datoen som ÅÅÅÅ-MM-DD: år, måned (01-12), dag, og så klokkeslettet hvis det er ett.';
  if (format === 'url') return 'Kopier adressen fra nettleseren, med https://.';
  return 'Sammenlign med en lignende oppføring som virker.';
}

export function yamlTrouble(trouble: YamlTrouble): Text {
  switch (trouble.kind) {
    case 'unclosed':
      return [
        `Tegnet ${trouble.opener} som åpnes på denne linjen, blir aldri lukket: en liste i [ ] eller en blokk i { } må slutte på samme linje.`,
        `Legg til ${trouble.closer} som mangler, på slutten av linjen, og sjekk kommaene mellom verdiene.`,
      ];
    case 'quote':
      return [
        `Anførselstegnet ${trouble.quote} som åpnes på denne linjen, blir aldri lukket.`,
        `Legg til ${trouble.quote} på slutten av teksten, eller fjern det første.`,
      ];
    case 'tab':
      return ['Denne linjen har innrykk med tabulator.', 'Bruk mellomrom til innrykk, som linjene rundt.'];
    case 'colon':
      return [
        'Denne linjen er ikke «felt: verdi»: det mangler et mellomrom etter et kolon, eller teksten har et kolon i seg.',
        'Skriv et mellomrom etter kolonet (day: Mandag), og sett tekst med kolon i anførselstegn (time: "16:00 - 18:00").',
      ];
    case 'twice':
      return [
        `Feltet «${trouble.key}» står to ganger i samme blokk.`,
        'Behold ett av dem, eller gi det andre riktig navn.',
      ];
    case 'indent':
      return [
        'Denne linjen har ikke samme innrykk som linjene i blokken sin.',
        'Still den opp med linjene den hører sammen med, med mellomrom (ikke tabulator).',
      ];
    case 'stray':
      return [
        `Tegnet ${trouble.char} her hører ikke hjemme: det lukker noe som aldri ble åpnet.`,
        'Fjern den, eller sett hele teksten i anførselstegn.',
      ];
    default:
      return [
        `YAML-en kan ikke leses: ${trouble.detail}.`,
        'Sjekk innrykket (mellomrom, ikke tabulator), at hvert «felt: verdi» har mellomrom etter kolonet, og at tekst med kolon eller # står i anførselstegn.',
      ];
  }
}

export function foundNb(found: Found): string {
  switch (found.kind) {
    case 'nothing':
      return 'ingenting';
    case 'empty':
      return 'en tom verdi';
    case 'text':
      return `"${found.text}"`;
    case 'number':
      return `tallet ${found.text}`;
    case 'boolean':
      return found.text;
    case 'date':
      return `datoen ${found.text}`;
    case 'list':
      return `en liste med ${found.count}`;
    default:
      return 'en blokk med felt';
  }
}

export const list = (names: string[]) => names.map((name) => name.toUpperCase()).join(', ');
