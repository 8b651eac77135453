/** A compiled message: Lingui's tokens, or the text itself when it has no arguments. */
export type CompiledMessage = string | unknown[];

export function toIcu(text: string, inPlural?: boolean): string;
export function compileCatalogue(catalogue: Record<string, unknown>): Record<string, CompiledMessage>;
