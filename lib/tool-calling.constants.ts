import 'reflect-metadata';

export const TOOL_METADATA = 'nestjs-tool-calling:tool';
export const TOOL_PARAMS_METADATA = 'nestjs-tool-calling:tool_params';
export const TOOL_PROPERTY_METADATA = 'nestjs-tool-calling:tool_property';
export const TOOL_PROPERTIES_METADATA = 'nestjs-tool-calling:tool_properties';

/** Tool names every supported provider accepts (OpenAI and Anthropic). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
