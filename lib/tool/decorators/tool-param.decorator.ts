import {
  TOOL_PARAMS_METADATA,
  TOOL_PROPERTIES_METADATA,
  TOOL_PROPERTY_METADATA,
} from '../../tool-calling.constants';
import type { ToolParamOptions } from './tool-options';

/** What a parameter of a tool method is, as the decorators declared it. */
export type ToolParamMarker =
  { kind: 'param'; options: ToolParamOptions } | { kind: 'context' } | { kind: 'input'; type?: Function };

export function markParameter(
  target: object,
  propertyKey: string | symbol,
  index: number,
  marker: ToolParamMarker,
) {
  const existing =
    (Reflect.getOwnMetadata(TOOL_PARAMS_METADATA, target, propertyKey) as
      Record<number, ToolParamMarker> | undefined) ?? {};
  Reflect.defineMetadata(TOOL_PARAMS_METADATA, { ...existing, [index]: marker }, target, propertyKey);
}

/**
 * `required: false` on a DTO property is `@IsOptional()` as well: the schema shown to the model and the validation
 * of what it sends must agree. Without class-validator there is no DTO validation to tell.
 */
function markOptionalForValidation(target: object, propertyKey: string | symbol): void {
  let classValidator: typeof import('class-validator');
  try {
    classValidator = require('class-validator') as typeof import('class-validator');
  } catch {
    return;
  }
  classValidator.IsOptional()(target, propertyKey);
}

/**
 * Describes one argument of a tool: on a method parameter (an argument of the tool), or on a property of an input
 * DTO class (its description, and `required: false`, which also makes class-validator skip it when absent).
 */
export function ToolParam(options: ToolParamOptions = {}): ParameterDecorator & PropertyDecorator {
  return (target: object, propertyKey: string | symbol | undefined, index?: number) => {
    if (propertyKey === undefined)
      throw new TypeError('@ToolParam() does not apply to constructor parameters');
    if (typeof index === 'number') {
      markParameter(target, propertyKey, index, { kind: 'param', options: { ...options } });
      return;
    }
    Reflect.defineMetadata(TOOL_PROPERTY_METADATA, { ...options }, target, propertyKey);
    if (options.required === false) markOptionalForValidation(target, propertyKey);
    const own =
      (Reflect.getOwnMetadata(TOOL_PROPERTIES_METADATA, target) as (string | symbol)[] | undefined) ?? [];
    Reflect.defineMetadata(TOOL_PROPERTIES_METADATA, [...own, propertyKey], target);
  };
}
