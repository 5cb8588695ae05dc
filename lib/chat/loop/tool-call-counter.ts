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

  /** A counter that goes on from a saved one (a run resumed after approval). */
  static from(saved: {
    readonly total: number;
    readonly perTool: Readonly<Record<string, number>>;
  }): ToolCallCounter {
    const counter = new ToolCallCounter();
    counter.count = saved.total;
    for (const [name, count] of Object.entries(saved.perTool)) counter.perTool.set(name, count);
    return counter;
  }

  toJSON(): { total: number; perTool: Record<string, number> } {
    return { total: this.count, perTool: Object.fromEntries(this.perTool) };
  }

  add(toolName: string): void {
    this.count++;
    this.perTool.set(toolName, (this.perTool.get(toolName) ?? 0) + 1);
  }
}
