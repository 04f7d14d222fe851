/**
 * What every service answers on `GET /health`: 200 once it serves; 503 while it starts or stops
 * (`starting`), and while one of its read models does not follow its topics (`stale`, naming
 * them in `stale_read_models`: see TopicFollower).
 */
export interface HealthState {
  service: string;
  ready: boolean;
  /** The read models that do not follow their topics right now. */
  staleReadModels?: readonly string[];
}

export interface HealthBody {
  status: 'ok' | 'starting' | 'stale';
  service: string;
  pid: number;
  uptime_s: number;
  stale_read_models?: string[];
}

export function healthBody(state: HealthState): HealthBody {
  const stale = state.staleReadModels ?? [];
  const status = !state.ready ? 'starting' : stale.length > 0 ? 'stale' : 'ok';
  return {
    status,
    service: state.service,
    pid: process.pid,
    uptime_s: Math.round(process.uptime()),
    ...(stale.length > 0 ? { stale_read_models: [...stale] } : {}),
  };
}

/** The HTTP status of a health answer. */
export const healthStatusCode = (body: HealthBody): number => (body.status === 'ok' ? 200 : 503);
