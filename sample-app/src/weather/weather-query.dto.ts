import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ToolParam } from 'nestjs-tool-calling';

export class WeatherQuery {
  @IsString()
  @MaxLength(80)
  @ToolParam({ description: 'City name, e.g. Paris' })
  city!: string;

  @IsOptional()
  @IsIn(['C', 'F'])
  @ToolParam({ description: 'Temperature unit: C (default) or F' })
  unit?: 'C' | 'F';
}
