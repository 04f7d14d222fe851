/**
 * The raw request-reply baseline mirrors the system's topology: requests spread over 8
 * partitions like a service's commands topic, replies on 1 partition like a gateway's reply topic.
 */
export const ECHO_REQUESTS = { name: 'bench.echo.requests', partitions: 8 };
export const ECHO_REPLIES = { name: 'bench.echo.replies', partitions: 1 };
