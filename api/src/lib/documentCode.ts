import { randomInt } from 'node:crypto';
import { vietnamDateOf } from 'shared-contracts/schemas';

/** Letters and digits a person reads aloud without confusion (no I, O, 0, 1). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A document's code: `prefix` + the Vietnamese date (yymmdd) + `letters` random characters, e.g. PDV261123K7QZ,
 * LH260504K7QZ2. The table's unique constraint catches the rare repeat, and the caller draws again.
 */
export function documentCode(prefix: string, at: Date, letters: number): string {
  let suffix = '';
  for (let index = 0; index < letters; index += 1) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${prefix}${vietnamDateOf(at).replace(/-/g, '').slice(2)}${suffix}`;
}
