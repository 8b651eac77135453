// Types of catalogues.mjs for the TypeScript test that runs it (src/locales/catalogues.test.ts).
type Catalogue = Record<string, unknown>;
export type Catalogues = Record<string, Record<string, Catalogue>>;
export const FRONTEND: string;
export const DYNAMIC_KEYS: readonly { namespace: string; prefix: string }[];
export function languages(locales?: string): string[];
export function loadCatalogues(locales?: string): Catalogues;
export function loadCode(folder?: string): { file: string; text: string }[];
export function findProblems(input: { catalogues: Catalogues; code: { file: string; text: string }[] }): string[];
export function check(): string[];
export function synced(source: unknown, translated: unknown, language: string): unknown;
export function sync(locales?: string): string[];
