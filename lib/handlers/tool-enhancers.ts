import type { ApplicationConfig, ModuleRef } from '@nestjs/core';

// Nest's metadata keys of @UseGuards/@UseInterceptors/@UsePipes/@UseFilters (stable strings; '@nestjs/common/constants'
// is not part of Nest 12's exports).
const KEYS = {
  guards: '__guards__',
  interceptors: '__interceptors__',
  pipes: '__pipes__',
  filters: '__exceptionFilters__',
} as const;

export type EnhancerKind = keyof typeof KEYS;

/**
 * Marks a global filter that does nothing in a tool call (it rethrows outside HTTP, as `ToolCallingExceptionFilter`
 * does): it is not counted, so that registering it keeps tools without other enhancers on the direct path.
 */
export const HTTP_ONLY_FILTER = Symbol.for('nestjs-tool-calling:http-only-filter');

function actsInToolCalls(filter: unknown): boolean {
  return (filter as { [HTTP_ONLY_FILTER]?: unknown } | undefined)?.[HTTP_ONLY_FILTER] !== true;
}

/** Which kinds of enhancer apply to one tool method, its own and the global ones. */
export type ToolEnhancers = Readonly<Record<EnhancerKind, boolean>> & {
  /** Some apply only per request (a request-scoped `APP_GUARD`…): the pipeline needs the call's context id. */
  readonly requestScopedGlobals: boolean;
};

/** What the application registered globally (`app.useGlobalGuards()`, `APP_GUARD`, …). */
export interface GlobalEnhancers {
  readonly counts: Readonly<Record<EnhancerKind, number>>;
  readonly requestScoped: boolean;
}

/** Global enhancers are unknown: assume every kind is there. */
const UNKNOWN: GlobalEnhancers = {
  counts: { guards: 1, interceptors: 1, pipes: 1, filters: 1 },
  requestScoped: true,
};

const NONE: GlobalEnhancers = {
  counts: { guards: 0, interceptors: 0, pipes: 0, filters: 0 },
  requestScoped: false,
};

/**
 * The application's `ApplicationConfig`, where Nest keeps the global enhancers. Nest has no public reader for it:
 * it is read from the container behind `ModuleRef`; when that fails, every tool is assumed to have global
 * enhancers (slower, never less safe).
 */
export function applicationConfigOf(moduleRef: ModuleRef): ApplicationConfig | undefined {
  const container = (moduleRef as unknown as { container?: { applicationConfig?: ApplicationConfig } })
    .container;
  return container?.applicationConfig;
}

export function globalEnhancersOf(config: ApplicationConfig | undefined, enabled: boolean): GlobalEnhancers {
  if (!enabled) return NONE;
  if (!config || typeof config.getGlobalGuards !== 'function') return UNKNOWN;
  return {
    counts: {
      guards: config.getGlobalGuards().length + config.getGlobalRequestGuards().length,
      interceptors: config.getGlobalInterceptors().length + config.getGlobalRequestInterceptors().length,
      pipes: config.getGlobalPipes().length + config.getGlobalRequestPipes().length,
      filters:
        config.getGlobalFilters().filter(actsInToolCalls).length + config.getGlobalRequestFilters().length,
    },
    requestScoped:
      config.getGlobalRequestGuards().length +
        config.getGlobalRequestInterceptors().length +
        config.getGlobalRequestPipes().length +
        config.getGlobalRequestFilters().length >
      0,
  };
}

// A class's own @UseGuards()… are read once for all its tools (decorators have run when discovery starts).
const declaredOnClasses = new WeakMap<Function, Readonly<Record<EnhancerKind, boolean>>>();

function declaredOnClass(type: Function): Readonly<Record<EnhancerKind, boolean>> {
  let declared = declaredOnClasses.get(type);
  if (declared === undefined) {
    declared = {
      guards: hasEntries(Reflect.getMetadata(KEYS.guards, type)),
      interceptors: hasEntries(Reflect.getMetadata(KEYS.interceptors, type)),
      pipes: hasEntries(Reflect.getMetadata(KEYS.pipes, type)),
      filters: hasEntries(Reflect.getMetadata(KEYS.filters, type)),
    };
    declaredOnClasses.set(type, declared);
  }
  return declared;
}

/** The enhancers of `type.prototype[methodName]`: declared on the method or its class, or global. */
export function enhancersOf(type: Function, method: Function, globals: GlobalEnhancers): ToolEnhancers {
  const onClass = declaredOnClass(type);
  const applies = (kind: EnhancerKind): boolean =>
    globals.counts[kind] > 0 || onClass[kind] || hasEntries(Reflect.getMetadata(KEYS[kind], method));
  return {
    guards: applies('guards'),
    interceptors: applies('interceptors'),
    pipes: applies('pipes'),
    filters: applies('filters'),
    requestScopedGlobals: globals.requestScoped,
  };
}

export function hasAny(enhancers: ToolEnhancers): boolean {
  return enhancers.guards || enhancers.interceptors || enhancers.pipes || enhancers.filters;
}

function hasEntries(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}
