import type { ToolCallCounts } from './tool-execution-result';

/** Tool calls run so far in one chat call, in total and per tool, for the limits. One per `call()`/`stream()`. */
export class ToolCallCounter implements ToolCallCounts {
  private count = 0;
  private readonly perTool = new Map<string, number>();

  get total(): number {
    return this.count;
  }

  of(toolName: string): number {
    return this.perTool.get(toolName) ?? 0;
  }

  add(toolName: string): void {
    this.count++;
    this.perTool.set(toolName, (this.perTool.get(toolName) ?? 0) + 1);
  }
}
