import { Injectable } from '@nestjs/common';
import { Tool, ToolContext, ToolParam } from 'nestjs-tool-calling';

@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather in a city. Use it for any question about the weather.' })
  getWeather(
    @ToolParam({ description: 'City name, e.g. Paris' }) city: string,
    context: ToolContext,
  ): string {
    const unit = context.get('unit') === 'F' ? '77°F' : '25°C';
    return `${city}: sunny, ${unit}`;
  }
}
