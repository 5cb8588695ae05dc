import { PNG } from 'pngjs';
import { ToolContext, ToolResult, type ImagePart } from 'nestjs-tool-calling';
import {
  barLeft,
  CHART_BARS,
  CHART_BASELINE,
  CHART_HEIGHT,
  CHART_WIDTH,
  drawPriorityChart,
  type PriorityCounts,
} from '../../sample-app/src/tickets/ticket-chart';
import { TicketRepository } from '../../sample-app/src/tickets/ticket.repository';
import { TicketTools } from '../../sample-app/src/tickets/ticket.tools';

/** The height of bar `index` in a decoded chart: the run of its colour up from the baseline, in its middle column. */
function measuredBar(png: PNG, index: number): number {
  const x = barLeft(index) + 25;
  const [r, g, b] = CHART_BARS[index].color;
  let height = 0;
  for (let y = CHART_BASELINE - 1; y >= 0; y--) {
    const i = (y * png.width + x) * 4;
    if (png.data[i] !== r || png.data[i + 1] !== g || png.data[i + 2] !== b) break;
    height++;
  }
  return height;
}

const heights = (png: PNG) => CHART_BARS.map((_, index) => measuredBar(png, index));

describe("the sample's ticket chart", () => {
  it('draws one bar per priority, in proportion to the counts, as a PNG that pngjs decodes', () => {
    const counts: PriorityCounts = { low: 1, normal: 2, high: 4 };
    const bytes = drawPriorityChart(counts);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
    const [low, normal, high] = heights(png);
    expect(high).toBe(CHART_BASELINE - 20);
    expect(normal).toBe(high / 2);
    expect(low).toBe(high / 4);
  });

  it('draws no bar for a priority without tickets, and an empty chart for none at all', () => {
    expect(heights(PNG.sync.read(drawPriorityChart({ low: 0, normal: 3, high: 0 })))).toEqual([0, 120, 0]);
    expect(heights(PNG.sync.read(drawPriorityChart({ low: 0, normal: 0, high: 0 })))).toEqual([0, 0, 0]);
  });
});

describe('the chartTickets tool', () => {
  let repository: TicketRepository;
  let tools: TicketTools;

  beforeEach(() => {
    repository = new TicketRepository(':memory:');
    tools = new TicketTools(repository);
  });
  afterEach(() => repository.onModuleDestroy());

  it("returns the caller's tenant's open tickets as a caption and a PNG chart", () => {
    repository.create('acme', 'Server room is hot', 'high');
    repository.create('globex', 'Everything is on fire', 'high');
    const result = tools.chartTickets(ToolContext.of({ tenantId: 'acme' }));

    expect(ToolResult.is(result)).toBe(true);
    const [caption, image] = result.parts;
    // acme's seed: one normal and one high open ticket (its low one is closed), and the high one made here.
    expect(caption).toEqual({
      type: 'text',
      text:
        'Open tickets by priority: high 2, normal 1, low 0. ' +
        'The chart has one bar per priority, left to right: low (green), normal (blue), high (red).',
    });
    expect(image).toEqual({ type: 'image', mediaType: 'image/png', data: expect.any(String) });
    const png = PNG.sync.read(Buffer.from((image as ImagePart & { data: string }).data, 'base64'));
    expect(heights(png)).toEqual([0, 60, 120]);
  });
});
