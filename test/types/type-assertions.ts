// Type-level assertions for the type tests (*.test-d.ts), checked by `npm run typecheck`: `Expect<X>` does not compile
// unless X is exactly `true`, so a wrong assertion is a compile error rather than a test that cannot fail.

/** `true` when A and B are the same type (not merely assignable either way; `any` equals only `any`). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** `true` when a value of type From can be given where To is expected. */
export type IsAssignable<From, To> = [From] extends [To] ? true : false;

/** Compiles only with `true`. */
export type Expect<T extends true> = T;
