import type { ManifestTransform } from 'workbox-build';

export const DOOR_MODULES: string[];
export const DOOR_NAMESPACES: string[];
export function doorFiles(manifest: Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }>): Set<string>;
export function doorPrecache(dist: string): ManifestTransform;
