import { markParameter } from './tool-param.decorator';

/**
 * Marks the parameter that receives the `ToolContext` (needed only when its type is not `ToolContext` itself).
 * The parameter is never part of the schema; it receives an empty context when the call had none.
 */
export function ToolContextParam(): ParameterDecorator {
  return (target, propertyKey, index) => {
    if (propertyKey === undefined)
      throw new TypeError('@ToolContextParam() does not apply to constructor parameters');
    markParameter(target, propertyKey, index, { kind: 'context' });
  };
}
