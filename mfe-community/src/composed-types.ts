// Modules another remote lends this one, by the types it publishes (Module Federation's DTS, taken
// in by `pnpm typecheck`, decision 063): an id it no longer exposes, or props its component no
// longer takes, fail this remote's type check where it composes them.
import type { JSXElementConstructor } from 'react';
import type { PackageType, RemoteKeys } from '@module-federation/enhanced/runtime';

/** An id the lending remote exposes. */
export type ComposedId = RemoteKeys;
/** The props of the component a lending remote exposes as `Id`. */
export type ComposedProps<Id extends RemoteKeys> = PackageType<Id> extends { default: JSXElementConstructor<infer P> } ? P : never;
