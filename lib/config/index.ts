// nestjs-tool-calling/config: the module's settings from the environment through `@nestjs/config` (an optional peer).
export {
  toolCallingConfig,
  TOOL_CALLING_CONFIG_NAMESPACE,
  type ToolCallingConfig,
  type ToolCallingConfigLimits,
} from '../module/tool-calling.config';
