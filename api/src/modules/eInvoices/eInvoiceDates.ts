import { vietnamDateOf } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';

/** A stored instant's day in Vietnam (yyyy-MM-dd): the date an invoice carries. */
export function vietnamDateOfInstant(value: Date | string): string {
  return vietnamDateOf(new Date(toIsoUtc(value)));
}
