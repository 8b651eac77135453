import type { Plugin } from 'vite';

export function readCatalogues(locales: string): Record<string, Record<string, unknown>>;
export const PRELOAD_SCRIPT: string;
export function preloadScriptHash(): string;
export function catalogueAssets(locales: string): Plugin;
