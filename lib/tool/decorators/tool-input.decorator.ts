import { markParameter } from './tool-param.decorator';

/**
 * Marks the parameter that receives the whole input as a DTO (a class with class-validator decorators). The class
 * can be given explicitly, for when TypeScript's emitted type is not available (`import type`, a bundler).
 */
export function ToolInput(type?: Function): ParameterDecorator {
  return (target, propertyKey, index) => {
    if (propertyKey === undefined)
      throw new TypeError('@ToolInput() does not apply to constructor parameters');
    markParameter(target, propertyKey, index, { kind: 'input', type });
  };
}
