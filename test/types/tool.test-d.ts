// Type tests of the tool API: what the compiler accepts and refuses, checked by `npm run typecheck` (not run by jest).
import { z } from 'zod';
import type { StandardSchemaFunctionTool, ToolContext, Tool } from 'nestjs-tool-calling';
import type { Equals, Expect, IsAssignable } from './type-assertions';

export const City = z.object({ city: z.string() });
type CityInput = { city: string };

// @Tool({ input }) types the decorated method: its first parameter must accept the schema's output. The decorator is
// generic in the method; what it accepts is that type parameter's constraint.
type CityToolDecorator = ReturnType<typeof Tool<typeof City>>;
type DecoratedMethod = Parameters<CityToolDecorator>[2] extends TypedPropertyDescriptor<infer M> ? M : never;
type MethodTaking<I> = (input: I, context: ToolContext) => string;

export type ToolTypeTests = [
  Expect<Equals<DecoratedMethod, (input: CityInput, ...rest: any[]) => unknown>>,
  // a method taking the schema's output, with or without the context, can be decorated
  Expect<IsAssignable<MethodTaking<CityInput>, DecoratedMethod>>,
  Expect<IsAssignable<(input: CityInput) => string, DecoratedMethod>>,
  // one wanting another input cannot
  Expect<Equals<IsAssignable<MethodTaking<{ city: number }>, DecoratedMethod>, false>>,
  Expect<Equals<IsAssignable<MethodTaking<{ town: string }>, DecoratedMethod>, false>>,
  // a function tool's fn receives the schema's output and the context
  Expect<Equals<Parameters<StandardSchemaFunctionTool<typeof City, string>['fn']>, [CityInput, ToolContext]>>,
  // a typed context gives its keys' types, possibly undefined
  Expect<Equals<ReturnType<ToolContext<{ user: string }>['get']>, string | undefined>>,
];

// The helpers themselves tell types apart.
export type HelperTests = [
  Expect<Equals<Equals<string, 'a'>, false>>,
  Expect<Equals<Equals<{ a: string }, { a: string }>, true>>,
  Expect<Equals<Equals<any, unknown>, false>>,
  Expect<Equals<IsAssignable<'a', string>, true>>,
];
