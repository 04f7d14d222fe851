import path from 'node:path';
import { PORT_VARS, SERVICES, ServiceProcess, type ServiceId } from './service-process';

export interface SystemOptions {
  /** Port per service; each service's default otherwise. */
  ports?: Partial<Record<ServiceId, number>>;
  env?: Record<string, string>;
  /** Write each service's output to `<logDir>/<service>.log` instead of the terminal. */
  logDir?: string;
  onLine?: (service: ServiceId, line: string) => void;
}

export interface RunningSystem {
  processes: Record<ServiceId, ServiceProcess>;
  gatewayUrl: string;
  /** Where the gateway serves its Prometheus metrics (the domain services: `/metrics` on their health ports). */
  gatewayMetricsUrl: string;
  stop(): Promise<void>;
}

/** The gateway's metrics port: METRICS_PORT, or 8 above its API port (9999 beside 9991), clear of the other services' ports. */
export const metricsPortOf = (options: SystemOptions): number =>
  Number(options.env?.METRICS_PORT ?? process.env.METRICS_PORT ?? portOf('gateway', options) + 8);

export function portOf(service: ServiceId, options: SystemOptions): number {
  const [variable, fallback] = PORT_VARS[service];
  return options.ports?.[service] ?? Number(process.env[variable] ?? fallback);
}

/** Starts the four domain services, then the gateway, and waits until all are healthy. */
export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const metricsPort = metricsPortOf(options);
  const processes = Object.fromEntries(
    SERVICES.map((service) => [
      service,
      new ServiceProcess({
        service,
        env: service === 'gateway' ? { ...options.env, METRICS_PORT: String(metricsPort) } : (options.env ?? {}),
        port: portOf(service, options),
        logFile: options.logDir ? path.join(options.logDir, `${service}.log`) : undefined,
        onLine: options.onLine ? (line) => options.onLine!(service, line) : undefined,
      }),
    ]),
  ) as Record<ServiceId, ServiceProcess>;
  const domain = SERVICES.filter((s) => s !== 'gateway');
  const stop = async () => {
    await processes.gateway.stop();
    await Promise.all(domain.map((s) => processes[s].stop()));
  };
  try {
    domain.forEach((s) => processes[s].start());
    await Promise.all(domain.map((s) => processes[s].waitHealthy()));
    processes.gateway.start();
    await processes.gateway.waitHealthy();
  } catch (error) {
    await stop();
    throw error;
  }
  return { processes, gatewayUrl: processes.gateway.url, gatewayMetricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, stop };
}
