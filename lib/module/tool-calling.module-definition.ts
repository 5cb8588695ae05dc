import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { ToolCallingModuleExtras, ToolCallingModuleOptions } from './tool-calling-module-options';
import { TOOL_CALLING_MODULE_OPTIONS } from './tool-calling-module.tokens';

export const { ConfigurableModuleClass: ConfigurableToolCallingModule } =
  new ConfigurableModuleBuilder<ToolCallingModuleOptions>({
    moduleName: 'ToolCalling',
    optionsInjectionToken: TOOL_CALLING_MODULE_OPTIONS,
  })
    .setClassMethodName('forRoot')
    .setFactoryMethodName('createToolCallingOptions')
    .setExtras<ToolCallingModuleExtras>({ isGlobal: true }, (definition, extras) => ({
      ...definition,
      global: extras.isGlobal !== false,
    }))
    .build();
