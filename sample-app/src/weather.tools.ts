import { Injectable } from '@nestjs/common';
import { Tool, ToolParam } from 'nestjs-tool-calling';

@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather of a city' })
  getWeather(@ToolParam({ description: 'City name' }) city: string): string {
    return `${city}: sunny, 25°C`;
  }
}
