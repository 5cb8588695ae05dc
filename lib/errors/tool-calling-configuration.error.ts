import { ToolCallingError } from './tool-calling.error';

/**
 * The application is configured in a way the library cannot work with: an option, the environment, the MCP servers
 * or a missing optional package. One `catch` covers a bad configuration; each subclass says which part to fix.
 */
export abstract class ToolCallingConfigurationError extends ToolCallingError {}
