// The image's HEALTHCHECK: GET /health of the service this container runs, on the port its own
// variable sets (the defaults of libs/platform and each service's configuration).
const PORTS = {
  gateway: ['GATEWAY_PORT', 9991],
  users: ['USERS_PORT', 9992],
  messages: ['MESSAGES_PORT', 9993],
  uploads: ['UPLOADS_PORT', 9994],
  push: ['PUSH_PORT', 9995],
  realtime: ['REALTIME_PORT', 9997],
};
const [variable, fallback] = PORTS[process.env.SERVICE] ?? [];
if (!variable) process.exit(1);
const port = process.env[variable] ?? fallback;
fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4_000) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  () => process.exit(1),
);
