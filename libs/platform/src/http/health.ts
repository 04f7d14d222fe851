/** What every service answers on `GET /health`: 200 once it serves, 503 while it starts or stops. */
export interface HealthState {
  service: string;
  ready: boolean;
}

export function healthBody(state: HealthState): { status: 'ok' | 'starting'; service: string; pid: number; uptime_s: number } {
  return { status: state.ready ? 'ok' : 'starting', service: state.service, pid: process.pid, uptime_s: Math.round(process.uptime()) };
}
