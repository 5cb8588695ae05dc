import { Injectable } from '@nestjs/common';
import { Tool } from 'nestjs-tool-calling';
import { WeatherQuery } from './weather-query.dto';

const CONDITIONS = ['sunny', 'cloudy', 'light rain', 'windy', 'snow showers'];

/**
 * A weather service stand-in: deterministic per city, so the demo and the tests are repeatable. A real app would
 * call a weather API here.
 */
@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather in a city: conditions and temperature' })
  getWeather(query: WeatherQuery) {
    const seed = [...query.city.toLowerCase()].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
    const celsius = 5 + (seed % 25);
    const temperature = query.unit === 'F' ? Math.round((celsius * 9) / 5 + 32) : celsius;
    return {
      city: query.city,
      conditions: CONDITIONS[seed % CONDITIONS.length],
      temperature,
      unit: query.unit ?? 'C',
    };
  }
}
