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

/** An event's status: the enum of the document (the server's model values), the one list. */
export type EventStatus = Schemas['EventOut']['status'];
/** A registration's status: the enum of the document (the server's model values). */
export type RegistrationStatus = Schemas['RegistrationOut']['registration_status'];
