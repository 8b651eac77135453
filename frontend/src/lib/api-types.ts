/**
 * Names for the types generated from the server's OpenAPI document (`api-schema.d.ts`, made by
 * `make api-types`; never edited by hand). Features alias these instead of writing the shapes
 * again: when the server changes, tsc shows every place the frontend must follow.
 */
import type { components } from './api-schema';

/** Every schema of the document, by its server name (`Schemas['EventOut']`). */
export type Schemas = components['schemas'];

/** The error envelope of every failed call: `{detail, code, fields?}` (400 `validation_error` with `fields`). */
export type ApiErrorBody = Schemas['ErrorOut'];

/** An event's status: the values the server's event filter accepts, the one list. */
export type EventStatus = NonNullable<Schemas['EventFilters']['status']>;
/** A registration's status: the values the server's registration filter accepts. */
export type RegistrationStatus = NonNullable<Schemas['RegistrationFilters']['status']>;

/**
 * `T` with its `status` narrowed to `S`: the document declares some answers' status as a plain
 * string although the server only ever writes one of the filter's values.
 */
export type WithStatus<T extends { status: string }, S extends string> = Omit<T, 'status'> & { status: S };
