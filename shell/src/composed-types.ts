// What the shell composes, checked against what each remote exposes, by the types the remotes
// publish (Module Federation's DTS, taken in by `pnpm typecheck`: tooling/build/federation-types.mjs,
// decision 063). A module the route table names that its remote no longer exposes, or whose
// component no longer takes the props the table gives it, fails this type check and names the module.
import type { JSXElementConstructor } from 'react';
import type { PackageType, RemoteKeys } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId } from '@site/shared/remote';
import type { REMOTES } from '@site/shared/remotes';

type Remotes = typeof REMOTES;
type PropsOf<Id> = PackageType<Id> extends { default: JSXElementConstructor<infer P> } ? P : never;

/** Each routed module, with the props its route gives it. */
type Routed = {
  [Name in keyof Remotes]: {
    [Path in keyof Remotes[Name]['routes']]: Remotes[Name]['routes'][Path] extends { module: infer Module extends string }
      ? { id: `${Name}/${Module}`; props: Remotes[Name]['routes'][Path] extends { props: infer Given } ? Given : Record<never, never> }
      : never;
  }[keyof Remotes[Name]['routes']];
}[keyof Remotes];

type Unfit<Route> = Route extends { id: infer Id; props: infer Given } ? (Id extends RemoteKeys ? (Given extends PropsOf<Id> ? never : Id) : never) : never;
type NotExposed = Exclude<RemoteModuleId, RemoteKeys>;

type Expect<Ok extends true> = Ok;
/** Fails with the ids of the modules that are not exposed, then of those whose props do not fit. */
export type ComposedModulesAreExposed = Expect<[NotExposed] extends [never] ? true : { notExposed: NotExposed }>;
export type ComposedModulesTakeTheirProps = Expect<[Unfit<Routed>] extends [never] ? true : { propsDoNotFit: Unfit<Routed> }>;
