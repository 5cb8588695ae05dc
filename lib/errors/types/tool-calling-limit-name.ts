/** The limits a chat call is bounded by (see `ToolCallingLimits`). */
export type ToolCallingLimitName = 'maxRounds' | 'maxToolCallsPerRequest' | 'maxCallsPerTool';
