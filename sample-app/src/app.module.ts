import { Module } from '@nestjs/common';
import { WeatherTools } from './weather.tools';

@Module({ providers: [WeatherTools] })
export class AppModule {}
