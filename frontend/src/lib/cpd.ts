import type { Schemas } from './api-types';

/** A CPD category (services/core/cpd.py): events carry one, and so does each credit. */
export type CpdCategory = Schemas['CpdCreditOut']['category'];

/** The categories, in the server's order. */
export const CPD_CATEGORIES: readonly CpdCategory[] = [
  'Interpreting practice',
  'Language',
  'Ethics and professional practice',
  'Deaf community and culture',
  'Other',
];

/** 1.5, 2.25, 40: hours as the server writes them. */
export function hoursText(hours: number): string {
  return String(Math.round(hours * 100) / 100);
}
