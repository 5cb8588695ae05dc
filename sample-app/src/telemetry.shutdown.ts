import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { stopTelemetry } from './telemetry';

/** Sends the spans still buffered when the app shuts down (Nest waits for it before the process exits). */
@Injectable()
export class TelemetryShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return stopTelemetry();
  }
}
