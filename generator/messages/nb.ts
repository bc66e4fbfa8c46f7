/**
 * The tool's messages in Norwegian bokmål: the same entries as en.ts, with the same values
 * (the type holds them in step). Written for the volunteers who edit a site's content: plain
 * words, the field names and the values as they stand in the file.
 */
import type { en } from './en.ts';
import type { Text } from './values.ts';
import { formatHint, formatName, foundNb, list, typeName, yamlTrouble } from './nb-phrases.ts';

type Catalogue = { [Key in keyof typeof en]: (...values: Parameters<(typeof en)[Key]>) => Text };

export const nb: Catalogue = {
  'yaml-syntax': (v) => yamlTrouble(v.trouble),
  'yaml-alias/unresolved': (v) => [
    `YAML-en kan ikke leses: «*${v.name}» er et alias (en * først i en verdi) til et anker «&${v.name}» som ikke finnes.`,
    `En verdi som begynner med * må stå i anførselstegn: skriv "*${v.name}" (fet skrift fra Markdown brukes ikke i YAML-felt).`,
  ],
  'yaml-alias/bomb': () => [
    'YAML-en kan ikke leses: aliasene (*navn) gjentar andre verdier så mange ganger at dataene ville blitt enorme.',
    'Skriv verdiene ut i stedet for å gjenta dem med &ankere og *alias.',
  ],
  'invalid-field/missing': (v) => [
    `Feltet mangler: her skal det stå ${typeName(v.expected)}.`,
    `Legg til «${v.field}:» med en verdi her.`,
  ],
  'invalid-field/type': (v) => [
    `Her skal det stå ${typeName(v.expected)}, men det står ${foundNb(v.found)}.`,
    'Sjekk verdien og innrykket; sett tekst som begynner med et tall eller har et kolon i, i anførselstegn.',
  ],
  'invalid-field/one-of': (v) => [
    `Her skal det stå en av ${v.values.join(', ')}, men det står ${foundNb(v.found)}.`,
    'Bruk en av verdiene i lista, stavet helt likt.',
  ],
  'invalid-field/format': (v) => [
    `Her skal det stå ${v.custom ?? formatName(v.format)}, men det står ${foundNb(v.found)}.`,
    formatHint(v.format, v.turned),
  ],
  'invalid-field/unknown': (v) => [
    `Ukjent felt «${v.key}».`,
    v.suggestion
      ? `Mente du ${v.suggestion}? Rett skrivemåten, eller fjern feltet: bare kjente felt blir brukt.`
      : `Sjekk skrivemåten av feltnavnet, eller fjern det: bare kjente felt blir brukt.${v.known.length > 0 ? ` Kjente felt her: ${v.known.join(', ')}.` : ' Denne blokken har ingen andre felt.'}`,
  ],
  'invalid-field/size': (v) => {
    const unit = v.origin === 'array' ? ' oppføringer' : v.origin === 'string' ? ' tegn' : '';
    const word = v.exact ? 'nøyaktig' : v.small ? 'minst' : 'høyst';
    return [
      `Her skal det stå ${v.custom ?? `${word} ${v.bound}${unit}`}, men det står ${foundNb(v.found)}.`,
      v.origin === 'array' ? 'Legg til eller fjern oppføringer i lista.' : 'Endre verdien så den passer.',
    ];
  },
  'invalid-field/rule': (v) => [
    `${v.rule ?? 'Verdien passer ikke'}${v.block ? '.' : ` (det står ${foundNb(v.found)}).`}`,
    v.hint ?? 'Sammenlign med en lignende oppføring som virker.',
  ],
  'invalid-field/config-unknown': (v) => [
    `Det finnes ingen innstilling som heter ${v.keys.map((key) => `«${key}»`).join(' eller ')}.`,
    `Innstillingene er ${v.known}; fjern de andre, eller rett skrivemåten.`,
  ],
  'invalid-field/config': (v) => [
    v.message ?? 'Standardeksporten skal være defineConfig({ … }).',
    `Skriv export default defineConfig({ … }) med hvilke som helst av ${v.known}; alle har en standardverdi.`,
  ],
  'invalid-field/snippet': (v) => [
    `Nettstedsdefinisjonens search.snippet er ${v.snippet}: det er hvor mange tegn av en sides tekst et søketreff viser.`,
    `Skriv et helt tall, 1 eller mer, eller utelat det for å få ${v.fallback}.`,
  ],
  'missing-file/collection': (v) => [
    `Filen for samlingen «${v.name}» mangler.`,
    `Lag ${v.file} (se ${v.readme} for hva som skal stå i den).`,
  ],
  'missing-file/site': (v) => [
    `Det finnes ingen nettstedsdefinisjon i ${v.root}.`,
    `Kjør clubsite i mappen til nettstedet (den med ${v.candidate}), eller oppgi nettstedsdefinisjonen i clubsite.config.ts (siteEntry).`,
  ],
  'unknown-template/from-data': (v) => [
    `Malen «${v.name}» lager sine egne sider fra data: en sidefil kan ikke bruke den.`,
    `Bruk en av: ${v.known}.`,
  ],
  'unknown-template': (v) => [`Det finnes ingen mal som heter «${v.name}».`, `Bruk en av: ${v.known}.`],
  'duplicate-route/files': (v) => [
    `To filer lager siden ${v.route}: ${v.one} og ${v.other}.`,
    'Behold én av dem: gi den andre nytt navn eller slett den (om.md og om/index.md er samme side).',
  ],
  'duplicate-route/redirect': (v) => [
    `Videresendingen fra ${v.route} sender besøkende bort fra en side som finnes: ${v.page}.`,
    'Fjern videresendingen, eller siden.',
  ],
  'duplicate-route/file': (v) => [
    v.taken
      ? `Nettstedet lager filen ${v.route}, og en side eller videresending har også den adressen.`
      : `Nettstedet lager filen ${v.route}, som ikke har noen filendelse: bare sider har slike adresser.`,
    'Gi filen en egen adresse som slutter med filendelsen, som /news/feed.xml.',
  ],
  'broken-redirect': (v) => [
    `Videresendingen fra ${v.from} går til ${v.to}, som ikke er en side.`,
    'La den peke på en side som finnes, som /om.',
  ],
  'broken-link': (v) => [
    `Lenken til ${v.route} fører ingen steder: ingen side har den adressen.`,
    `Rett adressen, legg til siden under ${v.pages}, eller legg til en videresending i ${v.settings}.`,
  ],
  'broken-link/relative': (v) => [
    `Lenken «${v.href}» fører til ${v.route} (lest ut fra denne sidens adresse, ${v.address}), og ingen side har den adressen.`,
    'Skriv hele adressen med / først (slik nettleseren viser den etter navnet på nettstedet): da fører den til samme side uansett hvor lenken står.',
  ],
  'broken-link/template': (v) => [
    `En mal eller rammen rundt sidene lenker til ${v.route}, og ingen side har den adressen.`,
    `Søk i nettstedets kode (${v.code} og det ${v.siteFile} importerer) etter «${v.route}» og rett den, eller legg til siden under ${v.pages}.`,
  ],
  'missing-asset': (v) => [`Filen ${v.file} finnes ikke.`, `Sjekk skrivemåten, eller legg filen under ${v.folder}.`],
  'bad-file-name/space': (v) => [
    `Stien ${v.file} har et mellomrom i seg: i Markdown slutter en lenke eller et bilde ved første mellomrom, så det ville ikke blitt vist.`,
    `Gi filen et navn uten mellomrom, som ${v.renamed}, og skriv det navnet her (telefoner gir bilder navn med mellomrom).`,
  ],
  'unreadable-image': (v) => [
    `${v.file} kan ikke brukes: ${v.reason}.`,
    'Lagre bildet på nytt som JPEG (.jpg), PNG eller WebP, for eksempel ved å eksportere det fra telefonen eller et bildeprogram, og kopier hele filen.',
  ],
  'unknown-island': (v) => [
    `Malen «${v.template}» bruker en øy som heter «${v.name}», som nettstedsdefinisjonen ikke registrerer.`,
    `Legg «${v.name}» til øyene nettstedsdefinisjonen lister opp (defineIslands), og bruk den gjennom den referansen.`,
  ],
  'bundle-failed': (v) => [
    v.text,
    v.clubsite
      ? 'Nettstedet importerer clubsite ved navn: installer det i prosjektet (npm install), og kjør clubsite der.'
      : 'Rett koden på denne linjen; resten av nettstedet er latt som det var.',
  ],
  'site-code-threw/page': (v) => [
    `«${v.thrown}» (malen «${v.template}» feilet da den laget ${v.source}, siden ${v.route})`,
    `${v.called.length > 0 ? `Kalt fra ${v.called.join(', kalt fra ')}. ` : ''}Dette er nettstedets egen kode, ikke clubsite: rett den på denne linjen (et felt malen leser, kan mangle eller være feilstavet).`,
  ],
  'site-code-threw/load': (v) => [
    `«${v.thrown}» (nettstedets kode feilet da ${v.entry} ble lastet)`,
    'Dette er nettstedets egen kode, ikke clubsite: rett den på denne linjen.',
  ],
  'unsafe-link': (v) => [
    `Lenken ${v.shown} er en ${v.scheme}:-adresse, som kjører kode eller skjuler en side i lenken; den blir aldri publisert.`,
    'Lenk til en side på nettstedet (en adresse som begynner med /), en fil i innholdsmappen, eller en https://-adresse.',
  ],
  'control-character': (v) => [
    `Teksten har et usynlig kontrolltegn (${v.name}), som ville blitt publisert som det er.`,
    'Slett tegnet: skriv teksten rundt det på nytt, eller lim den inn igjen som ren tekst.',
  ],
  'document-kind': (v) => [
    `${v.file} er ikke en dokumenttype nettstedet publiserer (${v.kind === '' ? 'ingen filendelse' : `.${v.kind}`}).`,
    `Lagre det som en av ${list(v.kinds)}, eller flytt det ut av ${v.folder}.`,
  ],
  'document-too-large': (v) => [
    `${v.file} er ${v.size}; et dokument kan være høyst ${v.limit}.`,
    'Gjør det mindre (eksporter PDF-en med «redusert størrelse», eller komprimer bildene i den), eller del det i to.',
  ],
  'wrong-image': (v) => {
    const kinds = v.kinds.map((kind) => kind.toUpperCase()).join(' eller ');
    if (v.width === undefined || v.height === undefined)
      return [
        `${v.file} må være ${kinds}; den er ${v.found ? v.found.kind.toUpperCase() : `ikke ${kinds}`}.`,
        `Velg et ${kinds}-bilde, eller eksporter bildet som ${kinds}.`,
      ];
    const found = v.found && `${v.found.kind.toUpperCase()} på ${v.found.width} × ${v.found.height}`;
    return [
      `${v.file} må være ${kinds} på ${v.width} × ${v.height} piksler; den er ${found ?? `ikke ${kinds}`}.`,
      `Eksporter bildet som ${kinds} på nøyaktig ${v.width} × ${v.height} piksler.`,
    ];
  },
  'not-utf8': (v) => [
    `Filen er ikke lagret som UTF-8: byte 0x${v.byte} på denne linjen kan ikke leses (bokstaver utenom a-z, som é, ü, ø og å, ville blitt vist som �).`,
    'Åpne filen i redigeringsprogrammet og lagre den på nytt med tegnkodingen «UTF-8» (i VS Code: klikk på tegnkodingen nederst, «Save with Encoding», UTF-8; i Notisblokk: «Lagre som», Koding: UTF-8).',
  ],
  'empty-file': () => ['Filen er tom.', 'Skriv innholdet, kopier en lignende fil som virker, eller slett filen.'],
  'file-too-large': (v) => [
    `Filen er ${v.size} MB: mer enn de ${v.limit} MB en fil på nettstedet kan være.`,
    'Gjør den mindre (del en lang tekst i flere sider, skaler et bilde ned til høyst 2000 piksler bredt), eller legg den et annet sted og lenk til den.',
  ],
  'refused-link': (v) => [
    v.to === 'nothing'
      ? 'Dette er en lenke (symlink) til noe som ikke finnes.'
      : v.to === 'folder'
        ? 'Dette er en lenke (symlink) til en mappe: mapper blir ikke fulgt.'
        : `Dette er en lenke (symlink) til en fil utenfor ${v.folder}: bare filer i ${v.folder} blir publisert.`,
    `Bytt ut lenken med en kopi av selve filen, i ${v.folder}.`,
  ],
  'bad-file-name/page': (v) => [
    'Filnavnet til en side er adressen dens: det kan bare ha små bokstaver a-z, sifre, - og _ (ingen mellomrom, store bokstaver eller æ, ø, å).',
    `Gi filen navnet ${v.renamed}.`,
  ],
  'bad-file-name/entry': (v) => [
    `Filnavnet «${v.name}» har ikke formen filene i denne mappen må ha: det blir adressen til siden.`,
    `Gi filen et navn som ${v.example}.`,
  ],
  'not-an-image': (v) => [
    `Filen heter ${v.extension}, men er ikke ${v.extension === '.svg' ? 'en SVG-tegning (ingen <svg> i starten)' : `et ${v.extension.slice(1).toUpperCase()}-bilde`}.`,
    'Åpne den i et bildeprogram: vises den ikke, eksporter bildet på nytt (som PNG, JPEG, WebP eller SVG) og bytt ut filen; vises den, gi den filendelsen til det formatet den egentlig har.',
  ],
  'unclosed-front-matter/kind': (v) => [
    `Feltene øverst (front matter) er merket som «${v.language}»: bare YAML blir lest der.`,
    'Begynn siden med en linje med bare --- på, og så feltene som YAML (title: ..., description: ...).',
  ],
  'unclosed-front-matter': () => [
    'Feltene øverst, åpnet med «---» på linje 1, blir aldri lukket.',
    'Legg til en linje med bare --- etter det siste feltet (title, description, ...), før teksten på siden.',
  ],
  'unreadable-file': (v) => [
    `Filen kan ikke leses (${v.code}).`,
    'Sjekk at ikke et annet program holder filen låst, og at du har lov til å lese den (tillatelsene); lagre den på nytt hvis du er i tvil.',
  ],
  'unreadable-file/changed': () => [
    'Filen ble endret mens nettstedet ble bygget.',
    'Bygg på nytt når filen er lagret.',
  ],
  'duplicate-package': (v) => [
    `Nettleserkoden har ${v.count} kopier av ${v.name} (${v.folders.join(', ')}): sider med øyer ville feilet i nettleseren, for to React gir «Cannot read properties of null (reading 'useState')».`,
    `Behold én kopi: installer ${v.name} én gang (npm ls ${v.name} viser hvor hver kopi kommer fra; npm dedupe, eller versjonen clubsite bruker), og installer en node_modules kopiert fra en annen mappe på nytt med npm ci.`,
  ],
  'insecure-link': (v) => [
    `Adressen ${v.url} begynner med http://: forbindelsen er ikke kryptert.`,
    `Skriv den med https:// (${v.secure}) hvis nettstedet svarer der.`,
  ],
  'unused-file': (v) => [
    `Ingen side bruker ${v.file}.`,
    'Lenk til den fra en side, eller slett den hvis den ikke trengs lenger.',
  ],
  'robots-under-base': (v) => [
    `Bygget under --base ${v.under} blir robots.txt servert på ${v.under}robots.txt, der søkemotorer aldri ser (de leser bare /robots.txt på roten av verten).`,
    v.sitemap
      ? `Legg denne linjen til robots.txt på roten av verten (${v.root}): Sitemap: ${v.sitemap}`
      : `La robots.txt på roten av verten vise til ${v.under}sitemap.xml med en Sitemap:-linje.`,
  ],
};
